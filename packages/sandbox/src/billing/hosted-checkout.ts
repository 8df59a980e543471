import type { BillingDeps, ChangeScope } from './billing-changes.ts';
import { change } from './billing-changes.ts';
import type { HostedPageRow } from './billing-tables.ts';
import { epochOf } from './billing-terms.ts';
import { checkCard } from './card-check.ts';
import type { CardForm } from './card-check.ts';
import { ChargebeeError } from './chargebee-wire.ts';

import {
  DECLINED,
  backTo,
  completePayment as complete,
  priceCheckout,
} from './checkout-payment.ts';
import type { PageOutcome, PageSubmission } from './checkout-payment.ts';

export type { PageOutcome, PageSubmission } from './checkout-payment.ts';

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
