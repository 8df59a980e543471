import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * SQL for re-encrypting stored credentials under the current token key. The batch reads span
 * all teams (a maintenance run); each write names the team of the row it rewrites.
 */
export function createKeyRotationRepository(db: Db) {
  return {
    /**
     * Up to `limit` credentials not sealed under `version`, locked until the transaction
     * ends; rows a refresh holds are skipped, to be found by a later batch.
     */
    lockBatchNotUnder(version: string, limit: number) {
      return db
        .selectFrom('data_source_credentials')
        .select(['id', 'team_id', 'access_token_enc', 'refresh_token_enc', 'key_version'])
        .where('key_version', '<>', version)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    async reseal(
      row: { id: string; team_id: string },
      sealed: { access: string; refresh: string | null; version: string },
    ): Promise<void> {
      await db
        .updateTable('data_source_credentials')
        .set({
          access_token_enc: sealed.access,
          refresh_token_enc: sealed.refresh,
          key_version: sealed.version,
        })
        .where('team_id', '=', row.team_id)
        .where('id', '=', row.id)
        .execute();
    },

    /** Credentials not sealed under `version`, counted by the key version they are under. */
    countNotUnder(version: string) {
      return db
        .selectFrom('data_source_credentials')
        .select(['key_version', sql<number>`count(*)::int`.as('n')])
        .where('key_version', '<>', version)
        .groupBy('key_version')
        .orderBy('key_version')
        .execute();
    },
  };
}
