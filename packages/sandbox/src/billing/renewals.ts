import type { BillingDeps, ChangeScope } from './billing-changes.ts';
import { change } from './billing-changes.ts';
import {
  cardResource,
  customerResource,
  invoiceResource,
  subscriptionResource,
} from './billing-resources.ts';
import type { SubscriptionRow } from './billing-tables.ts';
import { unitOfFamily } from './catalogue.ts';
import { priceRenewal } from './subscription-pricing.ts';
import type { DraftInvoice } from './invoice-builder.ts';

/** More terms than this in one catch-up means the clock jumped years: stop and go on next time. */
const MAX_TERMS_AT_ONCE = 36;

/** A new version number for a changed row: always above the last one. */
export const nextVersion = (previous: number, now: number) => Math.max(previous + 1, now * 1000);

/** Whether a card can still be charged at `at` (it works through the end of its expiry month). */
export function cardValidAt(card: { expiry_month: number; expiry_year: number }, at: number) {
  const date = new Date(at * 1000);
  return (
    card.expiry_year * 12 + card.expiry_month - 1 >= date.getUTCFullYear() * 12 + date.getUTCMonth()
  );
}

/**
 * Numbers and stores an invoice for `draft`, paid unless `paid` is false (then all of it is
 * due), answering it as Chargebee's resource.
 */
export async function storePaidInvoice(
  scope: ChangeScope,
  subscription: { id: string; customer_id: string },
  draft: DraftInvoice,
  billTo: { email: string; family: string },
  paid = true,
) {
  const number = await scope.repo.nextInvoiceNumber();
  await scope.repo.insertInvoice({
    number,
    customerId: subscription.customer_id,
    subscriptionId: subscription.id,
    date: draft.date,
    subTotal: draft.subTotal,
    total: draft.total,
    creditsApplied: draft.creditsApplied,
    amountPaid: paid ? draft.amountDue : 0,
    amountDue: paid ? 0 : draft.amountDue,
    status: paid || draft.amountDue === 0 ? 'paid' : 'payment_due',
    lines: draft.lines,
    discounts: draft.discounts,
    billTo: { email: billTo.email, business_unit: unitOfFamily(billTo.family) ?? 'MEGALYTIC_GDS' },
  });
  const row = await scope.repo.findInvoice(String(number));
  if (!row) throw new Error('the invoice just stored is missing');
  return invoiceResource(row);
}

/**
 * Brings one subscription up to `now`: each term that ended renews (a paid invoice for the
 * next term, subscription_renewed) unless a cancellation was scheduled, which then takes
 * effect (subscription_cancelled). Runs inside the caller's change, on the locked row.
 */
export async function catchUp(
  scope: ChangeScope,
  id: string,
  now: number,
): Promise<SubscriptionRow | undefined> {
  let row = await scope.repo.findSubscription(id, true);
  for (let term = 0; row && term < MAX_TERMS_AT_ONCE; term += 1) {
    if (!['active', 'non_renewing'].includes(row.status) || row.current_term_end > now) break;
    const customer = await scope.repo.findCustomer(row.customer_id);
    const [card] = await scope.repo.paymentSources(row.customer_id);
    const at = row.current_term_end;
    if (row.status === 'non_renewing') {
      row = {
        ...row,
        status: 'cancelled',
        cancelled_at: at,
        updated_at: at,
        resource_version: nextVersion(row.resource_version, at),
      };
      await scope.repo.saveSubscription(row);
      scope.emit('subscription_cancelled', contentOf(row, customer, card), {
        at,
        source: 'scheduled_job',
      });
      break;
    }
    const renewal = priceRenewal(row);
    const renewed: SubscriptionRow = {
      ...row,
      current_term_start: renewal.termStart,
      current_term_end: renewal.termEnd,
      coupons: renewal.coupons,
      updated_at: at,
      resource_version: nextVersion(row.resource_version, at),
    };
    await scope.repo.saveSubscription(renewed);
    // The card on file pays the renewal; with none, or an expired one, the invoice stays due
    // and the subscription stays active, as Chargebee's dunning would leave it.
    const charged = card !== undefined && cardValidAt(card, at);
    const invoice = await storePaidInvoice(
      scope,
      renewed,
      renewal.invoice,
      { email: customer?.email ?? '', family: renewal.resolved.plan.item_family_id },
      charged,
    );
    const content = { ...contentOf(renewed, customer, card), invoice };
    scope.emit('subscription_renewed', content, { at, source: 'scheduled_job' });
    scope.emit('invoice_generated', content, { at, source: 'scheduled_job' });
    if (renewal.invoice.amountDue > 0) {
      scope.emit(charged ? 'payment_succeeded' : 'payment_failed', content, {
        at,
        source: 'scheduled_job',
      });
    }
    row = renewed;
  }
  return row;
}

/** An event's content: the subscription with its customer and card. */
export function contentOf(
  row: SubscriptionRow,
  customer: Parameters<typeof customerResource>[0] | undefined,
  card: Parameters<typeof cardResource>[0] | undefined,
): Record<string, unknown> {
  return {
    subscription: subscriptionResource(row),
    ...(customer ? { customer: customerResource(customer, card) } : {}),
    ...(card ? { card: cardResource(card) } : {}),
  };
}

/**
 * Renews or ends every subscription whose term is over by the clock's now (tests call it
 * after moving time; a subscription read through the API catches up by itself too).
 */
export async function advanceSubscriptions(deps: BillingDeps): Promise<number> {
  const now = Math.floor(deps.clock().getTime() / 1000);
  const due = await change(deps, (scope) => scope.repo.dueSubscriptions(now));
  for (const { id } of due) await change(deps, (scope) => catchUp(scope, id, now));
  return due.length;
}
