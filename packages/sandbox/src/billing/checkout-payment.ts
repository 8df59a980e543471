import type { ChangeScope } from './billing-changes.ts';
import { randomId } from './billing-changes.ts';
import { cardResource, customerResource, paymentSourceResource } from './billing-resources.ts';
import type {
  CardOnFile,
  HostedPageRow,
  PaymentSourceRow,
  SubscriptionRow,
} from './billing-tables.ts';
import { findItemPrice } from './catalogue.ts';
import type { CardForm } from './card-check.ts';
import { ChargebeeError } from './chargebee-wire.ts';
import type { DraftInvoice } from './invoice-builder.ts';
import { catchUp, contentOf, nextVersion, storePaidInvoice } from './renewals.ts';
import { resolveCoupons, resolveItems } from './subscription-items.ts';
import { priceChange } from './subscription-pricing.ts';

export const DECLINED = 'Your card was declined. Try another card.';

/** What the hosted page shows next. */
export type PageOutcome =
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'finished'; page: HostedPageRow }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'form';
      page: HostedPageRow;
      summary: DraftInvoice | undefined;
      cards: PaymentSourceRow[];
      error?: { field?: string; message: string } | undefined;
      values?: CardForm | undefined;
    }
  | { kind: 'confirm'; page: HostedPageRow; card: CardOnFile; summary: DraftInvoice | undefined };

export interface PageSubmission extends CardForm {
  token?: string;
  action?: string;
  /** 'saved' pays with the card on file. */
  source?: string;
}

/** The browser's way back to the app, carrying the page id and its state. */
export function backTo(
  address: string | undefined,
  page: HostedPageRow,
  state: string,
): string | undefined {
  if (!address) return undefined;
  const url = new URL(address);
  url.searchParams.set('id', page.id);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The change a checkout page would make now: its invoice and the subscription after it. */
export async function priceCheckout(scope: ChangeScope, page: HostedPageRow, now: number) {
  const request = page.request;
  const current = await catchUp(scope, request.subscription_id, now);
  const resolved = resolveItems(
    (request.items ?? []).map((item) => ({
      item_price_id: item.item_price_id,
      quantity: String(item.quantity),
    })),
  );
  const coupons =
    request.coupon_ids === undefined
      ? undefined
      : resolveCoupons(request.coupon_ids, resolved.plan);
  if (page.type === 'checkout_new' && current && current.status !== 'cancelled') {
    throw new ChargebeeError(
      400,
      'invalid_request',
      'This team already has a subscription. Go back to the app and change it there.',
    );
  }
  if (page.type === 'checkout_existing' && !current) {
    throw new ChargebeeError(
      404,
      'resource_not_found',
      'The subscription to change no longer exists.',
    );
  }
  const priced = priceChange({
    customerId: page.customer_id,
    subscriptionId: request.subscription_id,
    current,
    resolved,
    coupons,
    now,
  });
  return { current, priced };
}

/**
 * Applies a paid page in the caller's transaction: a checkout makes or changes the
 * subscription and pays its invoice; a card page saves the card. Events go with the change.
 */
export async function completePayment(
  scope: ChangeScope,
  page: HostedPageRow,
  card: { saved: PaymentSourceRow } | { fresh: CardOnFile },
  now: number,
): Promise<PageOutcome> {
  // A checkout makes its customer first: the card and the subscription belong to it.
  if (page.type !== 'manage_payment_sources') {
    await scope.repo.upsertCustomer({
      id: page.customer_id,
      email: page.request.email ?? '',
      at: now,
    });
  }
  let source: PaymentSourceRow;
  if ('saved' in card) {
    source = card.saved;
  } else {
    const id = randomId('pm_');
    await scope.repo.insertPaymentSource({
      ...card.fresh,
      id,
      customerId: page.customer_id,
      at: now,
    });
    const [stored] = await scope.repo.paymentSources(page.customer_id);
    if (!stored) throw new Error('the card just stored is missing');
    source = stored;
  }
  const cardEvents = async (hadCard: boolean) => {
    if ('saved' in card) return;
    const customer = await scope.repo.findCustomer(page.customer_id);
    const content = {
      ...(customer ? { customer: customerResource(customer, source) } : {}),
      card: cardResource(source),
      payment_source: paymentSourceResource(source),
    };
    scope.emit('payment_source_added', content, { source: 'hosted_page' });
    scope.emit(hadCard ? 'card_updated' : 'card_added', content, { source: 'hosted_page' });
  };

  if (page.type === 'manage_payment_sources') {
    const cards = await scope.repo.paymentSources(page.customer_id);
    await cardEvents(cards.length > 1);
    const customer = await scope.repo.findCustomer(page.customer_id);
    const content = {
      ...(customer ? { customer: customerResource(customer, source) } : {}),
      card: cardResource(source),
    };
    await scope.repo.updateHostedPage(page.id, page.customer_id, {
      state: 'succeeded',
      pendingCard: null,
      content,
      at: now,
    });
    const location = backTo(page.request.redirect_url, page, 'succeeded');
    const done = await scope.repo.findHostedPage(page.id);
    return location ? { kind: 'redirect', location } : { kind: 'finished', page: done ?? page };
  }

  const { current, priced } = await priceCheckout(scope, page, now);
  const hadCard = (await scope.repo.paymentSources(page.customer_id)).length > 1;
  const plan = priced.planned;
  const saved: SubscriptionRow = {
    id: page.request.subscription_id,
    customer_id: page.customer_id,
    status: plan.newTerm ? 'active' : (current?.status ?? 'active'),
    items: plan.items,
    coupons: plan.coupons,
    billing_period_unit: plan.unit,
    current_term_start: plan.termStart,
    current_term_end: plan.termEnd,
    trial_end: null,
    cancelled_at: plan.newTerm ? null : (current?.cancelled_at ?? null),
    created_at: current?.created_at ?? now,
    updated_at: now,
    resource_version: nextVersion(current?.resource_version ?? 0, now),
  };
  await scope.repo.saveSubscription(saved);
  const customer = await scope.repo.findCustomer(page.customer_id);
  const invoice = await storePaidInvoice(scope, saved, priced.invoice, {
    email: customer?.email ?? '',
    family: findItemPrice(plan.items[0]?.item_price_id ?? '')?.item_family_id ?? 'megalytic',
  });
  await cardEvents(hadCard);
  const content = { ...contentOf(saved, customer, source), invoice };
  const kind = !current
    ? 'subscription_created'
    : current.status === 'cancelled'
      ? 'subscription_activated'
      : 'subscription_changed';
  scope.emit(kind, content, { source: 'hosted_page' });
  scope.emit('invoice_generated', content, { source: 'hosted_page' });
  // A fully discounted invoice takes no payment.
  if (priced.invoice.amountDue > 0) {
    scope.emit('payment_succeeded', content, { source: 'hosted_page' });
  }
  await scope.repo.updateHostedPage(page.id, page.customer_id, {
    state: 'succeeded',
    pendingCard: null,
    content,
    at: now,
  });
  const location = backTo(page.request.redirect_url, page, 'succeeded');
  const done = await scope.repo.findHostedPage(page.id);
  return location ? { kind: 'redirect', location } : { kind: 'finished', page: done ?? page };
}
