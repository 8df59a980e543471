import type { Db } from '../../db/database.ts';
import type { ReportField } from '../reports/report-fetcher.ts';

/** SQL of the per-account field lists read from providers' metadata. Tenant statements name the team. */
export function createFieldCataloguesRepository(db: Db) {
  return {
    /** The account's stored fields and when they were read (one primary-key read). */
    find(teamId: string, accountId: string) {
      return db
        .selectFrom('account_field_catalogues')
        .select(['fields', 'fetched_at'])
        .where('team_id', '=', teamId)
        .where('account_id', '=', accountId)
        .executeTakeFirst() as Promise<{ fields: ReportField[]; fetched_at: Date } | undefined>;
    },

    /**
     * Stores the account's fields as just read, replacing the previous list. The row is taken
     * from the team's account, so another team's account id stores nothing.
     */
    async store(teamId: string, accountId: string, fields: readonly ReportField[], now: Date) {
      await db
        .insertInto('account_field_catalogues')
        .columns(['team_id', 'account_id', 'fields', 'fetched_at'])
        .expression((eb) =>
          eb
            .selectFrom('data_source_accounts')
            .select([
              'team_id',
              'id',
              eb.cast(eb.val(JSON.stringify(fields)), 'jsonb').as('fields'),
              eb.cast(eb.val(now), 'timestamptz').as('fetched_at'),
            ])
            .where('team_id', '=', teamId)
            .where('id', '=', accountId),
        )
        .onConflict((oc) =>
          oc.columns(['team_id', 'account_id']).doUpdateSet((eb) => ({
            fields: eb.ref('excluded.fields'),
            fetched_at: eb.ref('excluded.fetched_at'),
          })),
        )
        .execute();
    },
  };
}
