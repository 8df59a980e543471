import type { BillingDb } from './billing.repository.ts';
import type {
  BillingDiscount,
  BillingLine,
  BillTo,
  CardOnFile,
  HostedPageRequest,
} from './billing-tables.ts';

const json = (value: unknown) => JSON.stringify(value);

/** The sandbox's hosted pages and invoices. */
export function createBillingDocumentsRepository(db: BillingDb) {
  return {
    async insertHostedPage(row: {
      id: string;
      type: 'checkout_new' | 'checkout_existing' | 'manage_payment_sources';
      customerId: string;
      request: HostedPageRequest;
      formToken: string;
      at: number;
      expiresAt: number;
    }) {
      await db
        .insertInto('sandbox_billing_hosted_pages')
        .values({
          id: row.id,
          type: row.type,
          customer_id: row.customerId,
          request: json(row.request),
          state: 'created',
          form_token: row.formToken,
          pending_card: json(null),
          content: json(null),
          created_at: row.at,
          expires_at: row.expiresAt,
          updated_at: row.at,
        })
        .execute();
    },
    findHostedPage: (id: string, forUpdate = false) => {
      const query = db.selectFrom('sandbox_billing_hosted_pages').selectAll().where('id', '=', id);
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },
    async updateHostedPage(
      id: string,
      customerId: string,
      patch: {
        state?: 'requested' | 'succeeded' | 'cancelled';
        pendingCard?: CardOnFile | null;
        content?: Record<string, unknown>;
        at: number;
      },
    ) {
      await db
        .updateTable('sandbox_billing_hosted_pages')
        .set({
          ...(patch.state ? { state: patch.state } : {}),
          ...(patch.pendingCard !== undefined ? { pending_card: json(patch.pendingCard) } : {}),
          ...(patch.content ? { content: json(patch.content) } : {}),
          updated_at: patch.at,
        })
        .where('id', '=', id)
        .where('customer_id', '=', customerId)
        .execute();
    },

    async insertInvoice(row: {
      number: number;
      customerId: string;
      subscriptionId: string;
      date: number;
      subTotal: number;
      total: number;
      creditsApplied: number;
      amountPaid: number;
      amountDue: number;
      status: string;
      lines: BillingLine[];
      discounts: BillingDiscount[];
      billTo: BillTo;
    }) {
      await db
        .insertInto('sandbox_billing_invoices')
        .values({
          id: String(row.number),
          number: row.number,
          customer_id: row.customerId,
          subscription_id: row.subscriptionId,
          status: row.status,
          date: row.date,
          sub_total: row.subTotal,
          total: row.total,
          credits_applied: row.creditsApplied,
          amount_paid: row.amountPaid,
          amount_due: row.amountDue,
          currency_code: 'USD',
          line_items: json(row.lines),
          discounts: json(row.discounts),
          bill_to: json(row.billTo),
        })
        .execute();
    },
    findInvoice: (id: string) =>
      db.selectFrom('sandbox_billing_invoices').selectAll().where('id', '=', id).executeTakeFirst(),
    /** A customer's invoices, newest first: `limit` + 1 rows so the caller sees if more follow. */
    invoices: (customerId: string, page: { limit: number; offset: number }) =>
      db
        .selectFrom('sandbox_billing_invoices')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('date', 'desc')
        .orderBy('number', 'desc')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute(),
  };
}
