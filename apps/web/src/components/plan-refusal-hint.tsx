import { Link } from 'react-router';
import { ApiError } from '../lib/api-error.ts';
import { useCan } from '../lib/permissions.ts';
import { ROUTES } from '../lib/routes.ts';

/** Refusals whose way out is the plan: a limit reached, or a trial or subscription that ended. */
export type PlanRefusal = 'PLAN_LIMIT' | 'SUBSCRIPTION_INACTIVE';

export function planRefusalOf(error: unknown): PlanRefusal | null {
  if (!(error instanceof ApiError)) return null;
  return error.code === 'PLAN_LIMIT' || error.code === 'SUBSCRIPTION_INACTIVE' ? error.code : null;
}

/**
 * Where the way out of a plan refusal is: a link to Billing for those who may change the plan,
 * otherwise who to ask. `action` finishes the sentence ("to connect more accounts").
 */
export function PlanRefusalHint({ refusal, action }: { refusal: PlanRefusal; action: string }) {
  const canBill = useCan(['edit_billing']);
  const fix = refusal === 'PLAN_LIMIT' ? 'raise the plan’s limits' : 'choose a plan';
  return (
    <p className="alert-hint" data-testid="plan-refusal-hint">
      {canBill ? (
        <>
          Go to <Link to={ROUTES.Billing.path}>Billing</Link> to {fix} {action}.
        </>
      ) : (
        `Ask someone who manages billing in your team to ${fix} ${action}.`
      )}
    </p>
  );
}
