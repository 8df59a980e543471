import { ComingSoon } from '../../components/coming-soon.tsx';
import { ConnectorPreview } from '../../features/data-sources/components/connector-preview.tsx';
import { BackToTeamLink } from './back-to-team-link.tsx';

export function Component() {
  return (
    <div className="page">
      <ComingSoon
        icon="database"
        title="Data Sources"
        description="Connect ad, analytics, social and CRM accounts here and feed them to your Google Data Studio reports."
        actions={<BackToTeamLink />}
      >
        <ConnectorPreview />
      </ComingSoon>
    </div>
  );
}
