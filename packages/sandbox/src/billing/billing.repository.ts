import type { Kysely } from 'kysely';
import type { AppDb } from '../host/sandbox-host.ts';
import { createBillingDocumentsRepository } from './billing-documents.repository.ts';
import { createBillingEventsRepository } from './billing-events.repository.ts';
import type {
  CardOnFile,
  SandboxBillingTables,
  SubscriptionItem,
  SubscriptionRow,
} from './billing-tables.ts';
import type { AppliedCoupon } from './coupons.ts';

/** A database handle or a transaction on it. */
export type BillingDb = Kysely<SandboxBillingTables>;

/** The sandbox tables on the app's database handle (or transaction). */
export const billingTables = (db: AppDb): BillingDb =>
  db as unknown as Kysely<SandboxBillingTables>;

const json = (value: unknown) => JSON.stringify(value);

/**
 * The sandbox billing provider's statements. Its tables belong to the stand-in provider, not
 * to a team: a customer's id is the team's id, and every statement on a customer's rows names it.
 */
export function createBillingRepository(db: BillingDb) {
  return {
    /**
     * The next invoice number; the row lock keeps numbers gapless across instances. The row is
     * made by the first invoice. The sandbox's secrets are not stored: they derive from the
     * sandbox key, so building the app reads no table before migrations have run.
     */
    nextInvoiceNumber: async () =>
      (
        await db
          .insertInto('sandbox_billing_settings')
          .values({ id: 1, invoice_counter: 1 })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              invoice_counter: eb('sandbox_billing_settings.invoice_counter', '+', 1),
            })),
          )
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
    ...createBillingDocumentsRepository(db),
    ...createBillingEventsRepository(db),
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
