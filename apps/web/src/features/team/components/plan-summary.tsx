import type { Team } from '@gds/contract';
import { Icon } from '../../../components/icon.tsx';

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
  memberCount: number | undefined;
}

/** Plan id, and how much of the user and account limits the team uses. */
export function PlanSummary({ team, memberCount }: PlanSummaryProps) {
  const used = memberCount ?? 0;
  const percent = team.userLimit > 0 ? Math.min(100, Math.round((used / team.userLimit) * 100)) : 0;
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
            <Icon name="users" size={16} /> Members
          </dt>
          <dd data-testid="plan-members">
            {memberCount === undefined ? '…' : used} of {team.userLimit}
          </dd>
          <dd className="stat-meter">
            <div
              className="meter"
              role="meter"
              aria-label="Members used"
              aria-valuemin={0}
              aria-valuemax={team.userLimit}
              aria-valuenow={used}
            >
              <span className="meter-fill" style={{ width: `${percent}%` }} />
            </div>
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
