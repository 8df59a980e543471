import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CredentialRow } from '../../db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and forms: anything that is not a uuid cannot name a row. */
export const isUuid = (value: string) => UUID.test(value);

/** SQL for logins and their accounts while connecting. Every query names the team. */
export function createCredentialsRepository(db: Db) {
  return {
    /** The team's plan limit, with the team row locked: connects and restores queue per team. */
    async lockTeamLimit(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select('account_limit')
        .where('id', '=', teamId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return row.account_limit;
    },

    async countActiveAccounts(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('data_source_accounts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    listOfConnector(teamId: string, connectorId: number) {
      return db
        .selectFrom('data_source_credentials')
        .select(['id', 'display_name'])
        .where('team_id', '=', teamId)
        .where('connector_id', '=', connectorId)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
    },

    find(teamId: string, id: string): Promise<CredentialRow | undefined> {
      if (!isUuid(id)) return Promise.resolve(undefined);
      return db
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findByIdentity(teamId: string, connectorId: number, externalUserId: string) {
      return db
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('connector_id', '=', connectorId)
        .where('external_user_id', '=', externalUserId)
        .executeTakeFirst();
    },

    /** The team's accounts of a connector among these provider ids (deleted ones too). */
    accountsByExternalId(teamId: string, connectorId: number, externalIds: string[]) {
      if (externalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('data_source_accounts')
        .select(['id', 'external_id', 'name', 'credential_id', 'deleted_at'])
        .where('team_id', '=', teamId)
        .where('connector_id', '=', connectorId)
        .where('external_id', 'in', externalIds)
        .execute();
    },

    /** Accounts of a login that its provider no longer lists are flagged, not deleted. */
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
