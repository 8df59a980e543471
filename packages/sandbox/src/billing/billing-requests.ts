import type { ChangeScope } from './billing-changes.ts';
import type { BillingDeps } from './billing-changes.ts';
import { epochOf } from './billing-terms.ts';
import type { Form } from './chargebee-wire.ts';
import { indexedList, invalidRequest, listOf, resourceNotFound } from './chargebee-wire.ts';
import { catchUp } from './renewals.ts';
import { resolveCoupons, resolveItems } from './subscription-items.ts';

export const SANDBOX_BILLING_PATH = '/sandbox/chargebee';
export const SANDBOX_BILLING_API_PATH = `${SANDBOX_BILLING_PATH}/api/v2`;

export interface BillingServiceDeps extends BillingDeps {
  /** The app's public address: a hosted page that names no return address is served there. */
  publicUrl: string;
  /** The app origin a business unit's people use: an invoice's download is served there. */
  unitOrigin: (unit: string) => string;
  /** Where hosted pages may send the browser back to (the app's origins). */
  appOrigins: readonly string[];
  /** Signs download addresses (the sandbox's API key). */
  signingKey: string;
}

export const ITEM_KEYS = ['item_price_id', 'quantity'] as const;

/** A request's items, and its coupons when it names any (undefined: keep the current ones). */
export function requestedItems(form: Form) {
  const resolved = resolveItems(indexedList(form, 'subscription_items', ITEM_KEYS));
  const ids = listOf(form, 'coupon_ids');
  const coupons = ids.length > 0 ? resolveCoupons(ids, resolved.plan) : undefined;
  return { resolved, coupons, couponIds: ids.length > 0 ? ids : undefined };
}

/** The subscription a request names, caught up to now (renewals, cancellations), or a 404. */
export async function liveSubscription(
  deps: Pick<BillingDeps, 'clock'>,
  scope: ChangeScope,
  id: string | undefined,
  param: string,
) {
  if (!id) throw invalidRequest(`${param} is required.`, param);
  const row = await catchUp(scope, id, epochOf(deps.clock));
  if (!row) throw resourceNotFound(`Sorry, we couldn't find that subscription ${id}.`, param);
  return row;
}
