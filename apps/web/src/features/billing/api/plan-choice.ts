import type { BillingPeriod, BodyOf, ENDPOINT_ROUTES } from '@gds/contract';

/** What the Customize form has chosen: quantities are totals, add-ons are connector add-on ids. */
export interface PlanChoice {
  period: BillingPeriod;
  accounts: number;
  users: number;
  addons: readonly string[];
  /** The coupon the person applied; null when none is applied. */
  coupon: string | null;
}

export type PlanChoiceBody = BodyOf<typeof ENDPOINT_ROUTES.estimatePlan>;

/**
 * The flat form body of a choice. Add-ons are sorted so that ticking the same boxes in
 * another order is the same request (and the same cached estimate).
 */
export function choiceBody(choice: PlanChoice): PlanChoiceBody {
  return {
    period: choice.period,
    accounts: String(choice.accounts),
    users: String(choice.users),
    addons: [...choice.addons].sort().join(','),
    ...(choice.coupon ? { coupon: choice.coupon } : {}),
  };
}

export function sameChoice(a: PlanChoice, b: PlanChoice): boolean {
  return JSON.stringify(choiceBody(a)) === JSON.stringify(choiceBody(b));
}
