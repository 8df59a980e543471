import { INVOICE_STATUSES } from '@gds/contract';
import type { Invoice, Payment, ResponseOf, billing } from '@gds/contract';
import type { Invoice as ProviderInvoice, Transaction } from 'chargebee';
import type { SessionUser } from '../../http/request-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { effectivePlanStatus } from '../team/team-plan.service.ts';
import { findTeam } from '../team/team.service.ts';
import { BILLING_PATH } from './billing-checkout.service.ts';
import type { BillingDeps } from './billing-deps.ts';
import { BILLING_MESSAGES } from './billing-errors.ts';
import { storeSubscription } from './provider-state.ts';
import { fromEpoch } from './billing.mappers.ts';
import { createBillingRepository } from './billing.repository.ts';
import type { BillingService } from './billing.service.ts';
import { CHURN_REASONS, isChurnReason } from './churn-reasons.ts';

/** How many invoices the Billing screen lists. */
const INVOICES_SHOWN = 50;

function toInvoice(invoice: ProviderInvoice): Invoice {
  const status = INVOICE_STATUSES.includes(invoice.status) ? invoice.status : 'posted';
  return {
    id: invoice.id,
    number: invoice.id,
    date: (fromEpoch(invoice.date) ?? new Date(0)).toISOString(),
    total: invoice.total ?? 0,
    amountPaid: invoice.amount_paid ?? 0,
    amountDue: invoice.amount_due ?? 0,
    currency: invoice.currency_code,
    status,
  };
}

/** A payment or refund as the screens read it; authorizations and reversals are not payments. */
function toPayment(transaction: Transaction): Payment[] {
  const { type } = transaction;
  if (type !== 'payment' && type !== 'refund') return [];
  const card = transaction.masked_card_number?.replace(/\D/g, '').slice(-4);
  return [
    {
      id: transaction.id,
      date: (fromEpoch(transaction.date) ?? new Date(0)).toISOString(),
      amount: transaction.amount ?? 0,
      currency: transaction.currency_code,
      type,
      status: transaction.status ?? 'success',
      paymentMethod: transaction.payment_method,
      cardLast4: card && card.length === 4 ? card : null,
      invoiceIds: (transaction.linked_invoices ?? []).map((linked) => linked.invoice_id),
    },
  ];
}

/** The card page, invoices, cancelling and resuming, and the feedback a team leaves. */
export function createBillingAccountService(deps: BillingDeps, plan: BillingService) {
  const repo = createBillingRepository(deps.db);

  /** The team and its status now; refuses when the team has never bought a plan. */
  async function subscribedTeam(user: SessionUser) {
    const team = await findTeam(deps.db, user.teamId);
    if (!team) throw notFound('The team');
    if (!(await repo.findCopy(user.teamId))) {
      throw new AppError('CONFLICT', BILLING_MESSAGES.noSubscription);
    }
    return {
      team,
      status: effectivePlanStatus(team.plan_status, team.trial_ends_at, deps.clock()),
    };
  }

  return {
    /** The provider's card page; it sends the browser back to `origin`, the one it came from. */
    async updateCard(
      user: SessionUser,
      origin: string,
    ): Promise<ResponseOf<typeof billing.updateCard>> {
      await subscribedTeam(user);
      const page = await deps.client.manageCard(user.teamId, `${origin}${BILLING_PATH}`);
      if (!page.url) throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.refused);
      return { hostedPageUrl: page.url };
    },

    async invoices(user: SessionUser): Promise<ResponseOf<typeof billing.getInvoices>> {
      const [list, transactions] = await Promise.all([
        deps.client.invoices(user.teamId, INVOICES_SHOWN),
        deps.client.transactions(user.teamId, INVOICES_SHOWN),
      ]);
      // The provider filtered by customer; a stray row of another customer is still not shown.
      return {
        invoices: list.filter((i) => i.customer_id === user.teamId).map(toInvoice),
        payments: transactions.filter((t) => t.customer_id === user.teamId).flatMap(toPayment),
      };
    },

    /** Another team's invoice, or an id the provider does not know, is not found. */
    async downloadInvoice(
      user: SessionUser,
      id: string,
    ): Promise<ResponseOf<typeof billing.downloadInvoice>> {
      const invoice = await deps.client.invoice(id);
      if (!invoice || invoice.customer_id !== user.teamId) throw notFound('The invoice');
      const pdf = await deps.client.invoicePdf(invoice.id);
      return {
        downloadUrl: pdf.url,
        validTill: (fromEpoch(pdf.validTill) ?? deps.clock()).toISOString(),
      };
    },

    async cancel(user: SessionUser): Promise<ResponseOf<typeof billing.cancelSubscription>> {
      const { team, status } = await subscribedTeam(user);
      if (status !== 'active') throw new AppError('CONFLICT', BILLING_MESSAGES.notCancellable);
      const subscription = await deps.client.cancelAtTermEnd(user.teamId);
      await storeSubscription(deps, team, subscription, {
        teamId: team.id,
        actorUserId: user.id,
        action: 'billing.cancel',
        details: { endsAt: fromEpoch(subscription.cancelled_at)?.toISOString() ?? null },
      });
      return { subscriptionDetails: await plan.subscriptionDetails(user.teamId) };
    },

    async resume(user: SessionUser): Promise<ResponseOf<typeof billing.resumeSubscription>> {
      const { team, status } = await subscribedTeam(user);
      if (status !== 'non_renewing') throw new AppError('CONFLICT', BILLING_MESSAGES.notResumable);
      const subscription = await deps.client.removeScheduledCancellation(user.teamId);
      await storeSubscription(deps, team, subscription, {
        teamId: team.id,
        actorUserId: user.id,
        action: 'billing.resume',
        details: {},
      });
      return { subscriptionDetails: await plan.subscriptionDetails(user.teamId) };
    },

    churnReasons: (): ResponseOf<typeof billing.getChurnReasons> => ({
      reasons: CHURN_REASONS.map((reason) => ({ ...reason })),
    }),

    async churnFeedback(
      user: SessionUser,
      input: { reason: string; payload: string },
    ): Promise<{ success: true }> {
      if (!isChurnReason(input.reason)) {
        throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.unknownReason, 'reason');
      }
      await repo.insertChurnFeedback({
        teamId: user.teamId,
        userId: user.id,
        ...input,
        now: deps.clock(),
      });
      return { success: true };
    },

    /** The thank-you screen's feedback: once per team (a second one is a 409). */
    async feedback(
      user: SessionUser,
      input: { rating: number; payload: string },
    ): Promise<{ success: true }> {
      const stored = await repo.insertFeedback({
        teamId: user.teamId,
        userId: user.id,
        ...input,
        now: deps.clock(),
      });
      if (!stored) throw new AppError('CONFLICT', BILLING_MESSAGES.feedbackGiven);
      return { success: true };
    },
  };
}

export type BillingAccountService = ReturnType<typeof createBillingAccountService>;
