import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CredentialRow, DataSourceCredentialsTable } from '../../db/schema.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for stored credentials while connecting and reading them. Every statement names the team. */
export function createCredentialsRepository(db: Db) {
  return {
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

    /** The team's credential for this person at the provider, if it was connected before. */
    findByIdentity(teamId: string, connectorId: number, externalUserId: string) {
      return db
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('connector_id', '=', connectorId)
        .where('external_user_id', '=', externalUserId)
        .executeTakeFirst();
    },

    async insert(row: Insertable<DataSourceCredentialsTable>): Promise<void> {
      await db.insertInto('data_source_credentials').values(row).execute();
    },

    async update(
      teamId: string,
      id: string,
      values: Updateable<DataSourceCredentialsTable>,
    ): Promise<void> {
      await db
        .updateTable('data_source_credentials')
        .set(values)
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .execute();
    },
  };
}
