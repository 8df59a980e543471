import type { Team } from '@gds/contract';
import { Icon } from '../../../components/icon.tsx';
import type { Seats } from '../api/team-users.ts';

/** Plan ids are kebab-case identifiers; people read "Basic plan". */
export function planLabel(planId: string): string {
  const words = planId
    .replace(/^(raven|tapclicks)-v1-/, '')
    .split(/[-_]/)
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
      <p className="card-footnote">Plan changes and add-ons will be managed from Billing.</p>
    </section>
  );
}
