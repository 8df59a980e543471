import { ComingSoon } from '../../components/coming-soon.tsx';
import { BackToTeamLink } from './back-to-team-link.tsx';

export function Component() {
  return (
    <div className="page page-narrow">
      <ComingSoon
        icon="plug"
        title="Finishing your connection"
        description="After you approve access at a data provider you will return here while the connection is saved."
        actions={<BackToTeamLink />}
      />
    </div>
  );
}
