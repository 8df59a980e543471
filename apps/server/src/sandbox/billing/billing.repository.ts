import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  BillingDiscount,
  BillingLine,
  BillTo,
  CardOnFile,
  HostedPageRequest,
  SandboxBillingTables,
  SubscriptionItem,
  SubscriptionRow,
} from './billing-tables.ts';
import type { AppliedCoupon } from './coupons.ts';

/** A database handle or a transaction on it. */
export type BillingDb = Kysely<SandboxBillingTables>;

/** The sandbox tables on the app's database handle (or transaction). */
export const billingTables = (db: Db | Kysely<never>): BillingDb =>
  db as unknown as Kysely<SandboxBillingTables>;

const json = (value: unknown) => JSON.stringify(value);

/**
 * The sandbox billing provider's statements. Its tables belong to the stand-in provider, not
 * to a team: a customer's id is the team's id, and every statement on a customer's rows names it.
 */
export function createBillingRepository(db: BillingDb) {
  return {
    /** Keeps the first instance's generated secrets; later inserts change nothing. */
    async insertSettingsOnce(values: { apiKey: string; username: string; password: string }) {
      await db
        .insertInto('sandbox_billing_settings')
        .values({
          id: 1,
          api_key: values.apiKey,
          webhook_username: values.username,
          webhook_password: values.password,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    readSettings: () =>
      db
        .selectFrom('sandbox_billing_settings')
        .select(['api_key', 'webhook_username', 'webhook_password'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow(),
    /** The next invoice number; the row lock keeps numbers gapless across instances. */
    nextInvoiceNumber: async () =>
      (
        await db
          .updateTable('sandbox_billing_settings')
          .set((eb) => ({ invoice_counter: eb('invoice_counter', '+', 1) }))
          .where('id', '=', 1)
          .returning('invoice_counter')
          .executeTakeFirstOrThrow()
      ).invoice_counter,

    findCustomer: (id: string) =>
      db
        .selectFrom('sandbox_billing_customers')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst(),
    async upsertCustomer(row: { id: string; email: string; at: number }) {
      await db
        .insertInto('sandbox_billing_customers')
        .values({ id: row.id, email: row.email, created_at: row.at, updated_at: row.at })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(
              row.email ? { email: row.email, updated_at: row.at } : { updated_at: row.at },
            ),
        )
        .execute();
    },

    /** The customer's cards, newest (the primary) first. */
    paymentSources: (customerId: string) =>
      db
        .selectFrom('sandbox_billing_payment_sources')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    async insertPaymentSource(row: CardOnFile & { id: string; customerId: string; at: number }) {
      await db
        .insertInto('sandbox_billing_payment_sources')
        .values({
          id: row.id,
          customer_id: row.customerId,
          brand: row.brand,
          last4: row.last4,
          name_on_card: row.name_on_card,
          expiry_month: row.expiry_month,
          expiry_year: row.expiry_year,
          created_at: row.at,
        })
        .execute();
    },

    /** One subscription, locked for the caller's change when `forUpdate`. */
    findSubscription: (id: string, forUpdate = false) => {
      const query = db
        .selectFrom('sandbox_billing_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .where('customer_id', '=', id);
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },
    /** Creates the subscription, or replaces a cancelled one with the same id. */
    async saveSubscription(
      row: Omit<SubscriptionRow, 'items' | 'coupons'> & {
        items: SubscriptionItem[];
        coupons: AppliedCoupon[];
      },
    ) {
      const values = { ...row, items: json(row.items), coupons: json(row.coupons) };
      const { id: _id, created_at: _created, ...changes } = values;
      await db
        .insertInto('sandbox_billing_subscriptions')
        .values(values)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    },
    /** Subscriptions whose term has ended by `now` (background work: spans every customer). */
    dueSubscriptions: (now: number) =>
      db
        .selectFrom('sandbox_billing_subscriptions')
        .select('id')
        .where('current_term_end', '<=', now)
        .where('status', 'in', ['active', 'non_renewing'])
        .execute(),

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

    async insertEvents(
      rows: ReadonlyArray<{
        id: string;
        occurredAt: number;
        source: string;
        eventType: string;
        content: Record<string, unknown>;
      }>,
    ) {
      if (rows.length === 0) return;
      await db
        .insertInto('sandbox_billing_events')
        .values(
          rows.map((row) => ({
            id: row.id,
            occurred_at: row.occurredAt,
            source: row.source,
            event_type: row.eventType,
            content: json(row.content),
          })),
        )
        .execute();
    },
    /** Events after `after` (epoch seconds), oldest first; `limit` + 1 rows (all customers: the site's log). */
    events: (after: number, page: { limit: number; offset: number }) =>
      db
        .selectFrom('sandbox_billing_events')
        .selectAll()
        .where('occurred_at', '>', after)
        .orderBy('occurred_at')
        .orderBy('seq')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute(),
    async setWebhookStatus(id: string, status: 'succeeded' | 'failed' | 'not_configured') {
      await db
        .updateTable('sandbox_billing_events')
        .set({ webhook_status: status })
        .where('id', '=', id)
        .execute();
    },

    /** Serialises requests with one idempotency key until the caller's transaction ends. */
    async lockIdempotencyKey(key: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-billing:${key}`}))`.execute(db);
    },
    findIdempotencyKey: (key: string) =>
      db
        .selectFrom('sandbox_billing_idempotency_keys')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst(),
    async insertIdempotencyKey(row: {
      key: string;
      requestHash: string;
      status: number;
      answer: unknown;
      at: Date;
    }) {
      await db
        .insertInto('sandbox_billing_idempotency_keys')
        .values({
          key: row.key,
          request_hash: row.requestHash,
          status: row.status,
          answer: json(row.answer),
          created_at: row.at,
        })
        .execute();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
