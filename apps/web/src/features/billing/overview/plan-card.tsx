import { isOnTrial } from '@gds/contract';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { planLabel } from '../../../lib/plan-label.ts';
import { useNextBilling } from '../api/next-billing.ts';
import type { PlanUsage } from '../api/plan-usage.ts';
import { billedLabel, count, day, money } from '../billing-format.ts';

interface PlanCardProps {
  usage: PlanUsage;
  confirming: boolean;
  onCustomize: () => void;
  onCancel: () => void;
}

/** The plan: its name and period, what it includes, the next bill, and the ways to change it. */
export function PlanCard({ usage, confirming, onCustomize, onCancel }: PlanCardProps) {
  const { plan, subscriptionDetails: details } = usage;
  const renews = details.status === 'active';
  const paid = renews || details.status === 'non_renewing';
  return (
    <section className="card card-padded billing-plan" aria-labelledby="billing-plan-title">
      <div className="card-heading">
        <h2 id="billing-plan-title" className="card-title">
          Plan
        </h2>
        <span className="plan-chip" data-testid="billing-plan-name">
          {planLabel(details.planId)}
        </span>
      </div>
      <dl className="stat-list">
        <div className="stat">
          <dt>
            <Icon name="calendar" size={16} /> Billing period
          </dt>
          <dd data-testid="billing-period">
            {isOnTrial(details.status) ? 'Free trial' : billedLabel(details.period)}
          </dd>
        </div>
        <div className="stat">
          <dt>
            <Icon name="database" size={16} /> Accounts included
          </dt>
          <dd data-testid="billing-account-limit">{plan.accountLimit.toLocaleString('en-US')}</dd>
        </div>
        <div className="stat">
          <dt>
            <Icon name="users" size={16} /> Users included
          </dt>
          <dd data-testid="billing-user-limit">{plan.userLimit.toLocaleString('en-US')}</dd>
        </div>
        {details.couponCodes.length > 0 && (
          <div className="stat">
            <dt>
              <Icon name="check" size={16} /> Coupons
            </dt>
            <dd>{details.couponCodes.join(', ')}</dd>
          </div>
        )}
      </dl>
      {renews && !confirming && <NextBill />}
      {details.status === 'non_renewing' && (
        <p className="billing-next" data-testid="billing-ends">
          No further bills: the plan ends on {day(details.end_date ?? details.currentTermEnd)}.
        </p>
      )}
      <div className="billing-plan-actions">
        <Button
          variant="primary"
          icon={<Icon name="pencil" size={15} />}
          onClick={onCustomize}
          data-testid="customize-plan"
        >
          {paid ? 'Change plan' : 'Choose a plan'}
        </Button>
        {renews && !confirming && (
          <Button variant="ghost" onClick={onCancel} data-testid="cancel-subscription">
            Cancel subscription
          </Button>
        )}
      </div>
      {plan.applicableDiscounts.length > 0 && (
        <ul className="billing-discounts" aria-label="Discounts you can get">
          {plan.applicableDiscounts.map((discount) => (
            <li key={discount.id}>
              <Icon name="info" size={14} /> {discount.description}
            </li>
          ))}
        </ul>
      )}
      {!paid && (
        <p className="card-footnote">
          {count(plan.accountLimit, 'account')} and {count(plan.userLimit, 'user')} during the
          trial. Add-on connectors are bought with a plan.
        </p>
      )}
    </section>
  );
}

/** "Next bill: $29.99 on Dec 21, 2026", asked from the provider for the plan as it stands. */
function NextBill() {
  const next = useNextBilling(true);
  if (next.isError) {
    return (
      <div
        className="billing-next billing-next-error"
        role="alert"
        data-testid="billing-next-error"
      >
        <span>The next bill could not be estimated: {errorMessage(next.error)}</span>
        <Button size="sm" variant="ghost" onClick={() => void next.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!next.data) {
    return (
      <p className="billing-next">
        <Skeleton width={220} />
        <span className="visually-hidden">Loading the next bill</span>
      </p>
    );
  }
  return (
    <p className="billing-next" data-testid="billing-next">
      Next bill: <strong>{money(next.data.amount, next.data.currency)}</strong>
      {next.data.date && <> on {day(next.data.date)}</>}
    </p>
  );
}
