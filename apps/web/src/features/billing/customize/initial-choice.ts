import { PLAN_BOUNDS, type Addon, type SubscriptionDetails } from '@gds/contract';
import type { PlanChoice } from '../api/plan-choice.ts';

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, Math.round(value)));

/**
 * The form opens on the plan as it stands (quantities inside the plan bounds, the add-ons the
 * skin still sells), so the first preview is "what you pay now" and every change is a delta.
 */
export function initialChoice(details: SubscriptionDetails, connectorAddons: Addon[]): PlanChoice {
  const sold = new Set(connectorAddons.map((addon) => addon.id));
  return {
    period: details.period,
    accounts: clamp(details.accounts, PLAN_BOUNDS.accounts),
    users: clamp(details.users, PLAN_BOUNDS.users),
    addons: details.addons.filter((id) => sold.has(id)),
    coupon: null,
  };
}
