import type { BillingDeps, ChangeScope } from './billing-changes.ts';
import { change, randomId } from './billing-changes.ts';
import { cardResource, customerResource, paymentSourceResource } from './billing-resources.ts';
import type {
  CardOnFile,
  HostedPageRow,
  PaymentSourceRow,
  SubscriptionRow,
} from './billing-tables.ts';
import { epochOf } from './billing-terms.ts';
import { checkCard } from './card-check.ts';
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
function backTo(
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
async function priceCheckout(scope: ChangeScope, page: HostedPageRow, now: number) {
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

/** Hosted pages: showing one, and paying, confirming or cancelling on it. */
export function createHostedCheckout(deps: BillingDeps) {
  /** Loads the page for a view or a post: gone, expired and finished pages end there. */
  async function open(scope: ChangeScope, id: string, now: number) {
    const page = await scope.repo.findHostedPage(id, true);
    if (!page) return { outcome: { kind: 'missing' } as const };
    if (page.state === 'succeeded' || page.state === 'cancelled' || page.state === 'acknowledged') {
      return { outcome: { kind: 'finished', page } as const };
    }
    if (page.expires_at <= now) return { outcome: { kind: 'expired' } as const };
    return { page };
  }

  async function formView(
    scope: ChangeScope,
    page: HostedPageRow,
    now: number,
    error?: { field?: string; message: string },
    values?: CardForm,
  ): Promise<PageOutcome> {
    const cards = await scope.repo.paymentSources(page.customer_id);
    if (page.type === 'manage_payment_sources')
      return { kind: 'form', page, summary: undefined, cards, error, values };
    try {
      const { priced } = await priceCheckout(scope, page, now);
      return { kind: 'form', page, summary: priced.invoice, cards, error, values };
    } catch (failure) {
      if (!(failure instanceof ChargebeeError)) throw failure;
      return { kind: 'form', page, summary: undefined, cards, error: { message: failure.message } };
    }
  }

  async function complete(
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
    scope.emit('payment_succeeded', content, { source: 'hosted_page' });
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

  return {
    /** The page as the browser first sees it (marks it requested, as Chargebee does). */
    view: (id: string) =>
      change(deps, async (scope): Promise<PageOutcome> => {
        const now = epochOf(deps.clock);
        const opened = await open(scope, id, now);
        if (!opened.page) return opened.outcome;
        if (opened.page.state === 'created') {
          await scope.repo.updateHostedPage(id, opened.page.customer_id, {
            state: 'requested',
            at: now,
          });
        }
        if (opened.page.pending_card) {
          const { priced } =
            opened.page.type === 'manage_payment_sources'
              ? { priced: undefined }
              : await priceCheckout(scope, opened.page, now);
          return {
            kind: 'confirm',
            page: opened.page,
            card: opened.page.pending_card,
            summary: priced?.invoice,
          };
        }
        return formView(scope, opened.page, now);
      }),

    /** A post of the page's form: pay, confirm or cancel. A refused post changes nothing. */
    submit: (id: string, form: PageSubmission) =>
      change(deps, async (scope): Promise<PageOutcome> => {
        const now = epochOf(deps.clock);
        const opened = await open(scope, id, now);
        if (!opened.page) return opened.outcome;
        const page = opened.page;
        if (form.token !== page.form_token) {
          return formView(scope, page, now, {
            message: 'This form is out of date. Check the details and pay again.',
          });
        }
        if (form.action === 'cancel') {
          await scope.repo.updateHostedPage(id, page.customer_id, {
            state: 'cancelled',
            pendingCard: null,
            at: now,
          });
          const location = backTo(
            page.request.cancel_url ?? page.request.redirect_url,
            page,
            'cancelled',
          );
          const done = await scope.repo.findHostedPage(id);
          return location
            ? { kind: 'redirect', location }
            : { kind: 'finished', page: done ?? page };
        }
        try {
          if (form.action === 'confirm') {
            if (!page.pending_card)
              return formView(scope, page, now, {
                message: 'There is no payment waiting to be confirmed. Enter the card again.',
              });
            return await complete(scope, page, { fresh: page.pending_card }, now);
          }
          if (form.source === 'saved' && page.type !== 'manage_payment_sources') {
            const [saved] = await scope.repo.paymentSources(page.customer_id);
            if (!saved)
              return formView(scope, page, now, {
                message: 'There is no card on file. Enter a card.',
              });
            return await complete(scope, page, { saved }, now);
          }
          const checked = checkCard(form, deps.clock());
          const values = { name: form.name ?? '', expiry: form.expiry ?? '' };
          if (!checked.ok)
            return formView(
              scope,
              page,
              now,
              { field: checked.field, message: checked.message },
              values,
            );
          if (checked.outcome === 'declined')
            return formView(scope, page, now, { field: 'number', message: DECLINED }, values);
          if (checked.outcome === 'confirm') {
            await scope.repo.updateHostedPage(id, page.customer_id, {
              pendingCard: checked.card,
              at: now,
            });
            const { priced } =
              page.type === 'manage_payment_sources'
                ? { priced: undefined }
                : await priceCheckout(scope, page, now);
            return { kind: 'confirm', page, card: checked.card, summary: priced?.invoice };
          }
          return await complete(scope, page, { fresh: checked.card }, now);
        } catch (failure) {
          if (!(failure instanceof ChargebeeError)) throw failure;
          // The change was refused as a whole: say why on the page; the transaction keeps nothing.
          throw new PageRefusal(failure.message);
        }
      }).catch(async (failure: unknown) => {
        if (!(failure instanceof PageRefusal)) throw failure;
        return change(deps, async (scope): Promise<PageOutcome> => {
          const page = await scope.repo.findHostedPage(id);
          if (!page) return { kind: 'missing' };
          return formView(scope, page, epochOf(deps.clock), { message: failure.message });
        });
      }),
  };
}

/** A payment the provider refused while applying it: shown on the page, nothing kept. */
class PageRefusal extends Error {
  override name = 'PageRefusal';
}

export type HostedCheckout = ReturnType<typeof createHostedCheckout>;
