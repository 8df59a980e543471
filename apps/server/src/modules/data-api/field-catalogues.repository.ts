import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { isUuid } from '../../db/uuid.ts';
import type { ReportField } from '../reports/report-fetcher.ts';
import type { RequestedAccount } from './cached-answers.repository.ts';

/*
 * The account a schema request names (deleted ones too, for their refusal) with when its stored
 * field list was read: every chart asks for its account's schema, and with the time alone the
 * list this process holds is neither read nor parsed again (a GA4 property's list is hundreds
 * of fields). One fixed text, kept prepared on each PostgreSQL connection.
 */
const ACCOUNT_WITH_FIELDS_TIME = preparedStatement(
  'data_api_account_fields_time',
  `
SELECT a.id, a.connector_id, a.external_id, a.name, a.deleted_at, a.details,
  (SELECT c.fetched_at FROM account_field_catalogues c
   WHERE c.team_id = $1::uuid AND c.account_id = a.id) AS fields_fetched_at
FROM data_source_accounts a
WHERE a.team_id = $1::uuid AND a.id = $2::uuid`,
);

/** SQL of the per-account field lists read from providers' metadata. Tenant statements name the team. */
export function createFieldCataloguesRepository(db: Db) {
  return {
    /**
     * The team's account `accountId` and when its stored field list was read (null: none is);
     * undefined for an account the team does not have.
     */
    async findAccountWithFieldsTime(
      teamId: string,
      accountId: string,
    ): Promise<{ account: RequestedAccount; fieldsFetchedAt: Date | null } | undefined> {
      if (!isUuid(accountId)) return undefined;
      const { rows } = await db.executeQuery<RequestedAccount & { fields_fetched_at: Date | null }>(
        CompiledQuery.raw(ACCOUNT_WITH_FIELDS_TIME, [teamId, accountId]),
      );
      const row = rows[0];
      if (!row) return undefined;
      const { fields_fetched_at: fieldsFetchedAt, ...account } = row;
      return { account, fieldsFetchedAt };
    },

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
