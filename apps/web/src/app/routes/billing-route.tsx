import { ComingSoon } from '../../components/coming-soon.tsx';
import { BackToTeamLink } from './back-to-team-link.tsx';

export function Component() {
  return (
    <div className="page">
      <ComingSoon
        icon="card"
        title="Billing"
        description="Your plan, add-ons, payment method and invoices will be managed here."
        actions={<BackToTeamLink />}
      />
    </div>
  );
}
