import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DataSourceAccountsTable } from '../../db/schema.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for the accounts a credential reaches, as connecting stores them. Every statement names the team. */
export function createAccountsRepository(db: Db) {
  return {
    /** The team's accounts that count against its plan: all but the deleted ones. */
    async countActive(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('data_source_accounts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** The team's accounts that count against its plan, per connector. */
    countActiveByConnector(teamId: string) {
      return db
        .selectFrom('data_source_accounts')
        .select(['connector_id', sql<number>`count(*)::int`.as('n')])
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .groupBy('connector_id')
        .execute();
    },

    /** The team's accounts that are not deleted, by name. */
    listLive(teamId: string) {
      return db
        .selectFrom('data_source_accounts')
        .select(['id', 'connector_id', 'name'])
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** One of the team's accounts (deleted ones too); undefined for an id that is no uuid. */
    find(teamId: string, id: string) {
      if (!isUuid(id)) return Promise.resolve(undefined);
      return db
        .selectFrom('data_source_accounts')
        .select([
          'id',
          'credential_id',
          'connector_id',
          'external_id',
          'name',
          'status',
          'deleted_at',
          'details',
        ])
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The team's accounts of a connector among these provider ids (deleted ones too). */
    byExternalId(teamId: string, connectorId: number, externalIds: string[]) {
      if (externalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('data_source_accounts')
        .select(['id', 'external_id', 'name', 'credential_id', 'deleted_at', 'details'])
        .where('team_id', '=', teamId)
        .where('connector_id', '=', connectorId)
        .where('external_id', 'in', externalIds)
        .execute();
    },

    async insertMany(rows: Array<Insertable<DataSourceAccountsTable>>): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('data_source_accounts').values(rows).execute();
    },

    /** The provider's current name and details for an account, and it is listed again. */
    async markListed(
      teamId: string,
      id: string,
      listed: { name: string; details: string },
    ): Promise<void> {
      await db
        .updateTable('data_source_accounts')
        .set({ name: listed.name, details: listed.details, status: 'connected' })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .execute();
    },

    /** Accounts of a credential that its provider no longer lists are flagged, not deleted. */
    async flagUnlisted(teamId: string, credentialId: string, listed: string[]): Promise<void> {
      await db
        .updateTable('data_source_accounts')
        .set({ status: 'error' })
        .where('team_id', '=', teamId)
        .where('credential_id', '=', credentialId)
        .$if(listed.length > 0, (q) => q.where('external_id', 'not in', listed))
        .execute();
    },
  };
}
