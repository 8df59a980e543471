import type { Team } from '@gds/contract';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { planLabel } from '../../../lib/plan-label.ts';
import type { Seats } from '../api/team-users.ts';

interface PlanSummaryProps {
  team: Team;
  /** Undefined while the members list loads. */
  seats: Seats | undefined;
}

/**
 * Plan id and its limits. Seats count members and pending invitations alike (an invitation
 * holds its seat); the Members section meters them and says where more come from.
 */
export function PlanSummary({ team, seats }: PlanSummaryProps) {
  const canBill = useCan(['edit_billing']);
  return (
    <section className="card card-padded plan-summary" aria-labelledby="plan-summary-title">
      <div className="card-heading">
        <h2 id="plan-summary-title" className="card-title">
          Plan
        </h2>
        <span className="plan-chip">{planLabel(team.planId)}</span>
      </div>
      <dl className="stat-list">
        <div className="stat">
          <dt>
            <Icon name="users" size={16} /> Users
          </dt>
          <dd data-testid="plan-members">
            {seats ? seats.members + seats.pendingInvitations : '…'} of {team.userLimit}
          </dd>
        </div>
        <div className="stat">
          <dt>
            <Icon name="database" size={16} /> Data source accounts
          </dt>
          <dd data-testid="plan-accounts">up to {team.accountLimit}</dd>
        </div>
        <div className="stat">
          <dt>
            <Icon name="card" size={16} /> Plan ID
          </dt>
          <dd>
            <code className="code" data-testid="plan-id">
              {team.planId}
            </code>
          </dd>
        </div>
      </dl>
      <p className="card-footnote" data-testid="plan-billing-hint">
        {canBill ? (
          <>
            Change the plan and its add-ons in <Link to={ROUTES.Billing.path}>Billing</Link>.
          </>
        ) : (
          'Plan changes and add-ons are made by whoever manages billing in your team.'
        )}
      </p>
    </section>
  );
}
