import { ComingSoon } from '../../components/coming-soon.tsx';
import { BackToTeamLink } from './back-to-team-link.tsx';

export function Component() {
  return (
    <div className="page">
      <ComingSoon
        icon="chart"
        title="Stats"
        description="Usage over time — connected accounts, data requests and team activity — will be charted here."
        actions={<BackToTeamLink />}
      />
    </div>
  );
}
