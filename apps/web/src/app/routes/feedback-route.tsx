import { ComingSoon } from '../../components/coming-soon.tsx';
import { BackToTeamLink } from './back-to-team-link.tsx';

export function Component() {
  return (
    <div className="page">
      <ComingSoon
        icon="heart"
        title="Thank you"
        description="After a plan change you will be able to tell us how it went, right here."
        actions={<BackToTeamLink />}
      />
    </div>
  );
}
