import type { Db } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for the Data Sources screen, delete, restore and purge. Every tenant query names the team. */
export function createDataSourcesRepository(db: Db) {
  // Narrow rows: who added or deleted an account is looked up once per team (teamPeople),
  // not joined into every row — thousands of accounts stay one light query.
  const accounts = () =>
    db
      .selectFrom('data_source_accounts as a')
      .innerJoin('data_source_credentials as c', (join) =>
        join.onRef('c.id', '=', 'a.credential_id').onRef('c.team_id', '=', 'a.team_id'),
      )
      .select([
        'a.id',
        'a.credential_id',
        'a.external_id',
        'a.name',
        'a.status',
        'a.added_at',
        'a.added_by',
        'a.deleted_at',
        'a.deleted_by',
        'c.status as credential_status',
        'c.last_refreshed_at',
      ]);

  return {
    /** The team's credentials with their health (never a token column). */
    credentials(teamId: string) {
      return db
        .selectFrom('data_source_credentials as c')
        .select([
          'c.id',
          'c.connector_id',
          'c.display_name',
          'c.status',
          'c.status_reason',
          'c.created_at',
          'c.created_by',
          'c.connected_by_email',
          'c.last_refreshed_at',
        ])
        .where('c.team_id', '=', teamId)
        .orderBy('c.connector_id')
        .orderBy('c.display_name')
        .orderBy('c.id')
        .execute();
    },

    /** All of the team's accounts, deleted ones too, in one query. */
    accounts(teamId: string) {
      return accounts().where('a.team_id', '=', teamId).orderBy('a.name').orderBy('a.id').execute();
    },

    account(teamId: string, accountId: string) {
      if (!isUuid(accountId)) return Promise.resolve(undefined);
      return accounts()
        .where('a.team_id', '=', teamId)
        .where('a.id', '=', accountId)
        .executeTakeFirst();
    },

    /** Locks one of the team's accounts for a change; undefined when it is not the team's. */
    lockAccount(teamId: string, accountId: string) {
      if (!isUuid(accountId)) return Promise.resolve(undefined);
      return db
        .selectFrom('data_source_accounts')
        .select(['id', 'credential_id', 'connector_id', 'external_id', 'name', 'deleted_at'])
        .where('team_id', '=', teamId)
        .where('id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setDeleted(
      teamId: string,
      accountId: string,
      deleted: { at: Date; by: string } | null,
    ): Promise<void> {
      await db
        .updateTable('data_source_accounts')
        .set({ deleted_at: deleted?.at ?? null, deleted_by: deleted?.by ?? null })
        .where('team_id', '=', teamId)
        .where('id', '=', accountId)
        .execute();
    },

    /** Purges accounts deleted before `before` (all teams: a maintenance job); answers them. */
    purgeDeletedBefore(before: Date) {
      return db
        .deleteFrom('data_source_accounts')
        .where('deleted_at', '<', before)
        .returning(['id', 'team_id', 'connector_id', 'external_id'])
        .execute();
    },
  };
}

export type DataSourcesRepository = ReturnType<typeof createDataSourcesRepository>;
export type AccountView = NonNullable<Awaited<ReturnType<DataSourcesRepository['account']>>>;
export type CredentialView = Awaited<ReturnType<DataSourcesRepository['credentials']>>[number];
