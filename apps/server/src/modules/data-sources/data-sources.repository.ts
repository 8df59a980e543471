import type { Db } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';

/** SQL for delete, restore and purge (the screen's reads: data-sources-json.repository). Every tenant query names the team. */
export function createDataSourcesRepository(db: Db) {
  return {
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
