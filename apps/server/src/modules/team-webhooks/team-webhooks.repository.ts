import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A webhook as stored: the secret sealed, with the key version that opens it. */
export interface StoredWebhook {
  url: string;
  secretEnc: string;
  keyVersion: string;
  createdAt: Date;
  secretRotatedAt: Date;
}

const COLUMNS = ['url', 'secret_enc', 'key_version', 'created_at', 'secret_rotated_at'] as const;

/**
 * SQL for team webhooks. Every statement names the team, but for key rotation's batch reads,
 * which span all teams (a maintenance run); its writes name the team of the row they rewrite.
 */
export function createTeamWebhooksRepository(db: Db) {
  return {
    /** The team's webhook, locked when `forUpdate` (a change reads then writes it). */
    find(teamId: string, forUpdate = false) {
      const query = db.selectFrom('team_webhooks').select(COLUMNS).where('team_id', '=', teamId);
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Sets the team's webhook: a new one with its sealed secret, or a new address for the one there. */
    async save(teamId: string, hook: StoredWebhook): Promise<void> {
      await db
        .insertInto('team_webhooks')
        .values({
          team_id: teamId,
          url: hook.url,
          secret_enc: hook.secretEnc,
          key_version: hook.keyVersion,
          created_at: hook.createdAt,
          secret_rotated_at: hook.secretRotatedAt,
        })
        .onConflict((oc) =>
          oc.column('team_id').doUpdateSet({
            url: hook.url,
            secret_enc: hook.secretEnc,
            key_version: hook.keyVersion,
            secret_rotated_at: hook.secretRotatedAt,
          }),
        )
        .execute();
    },

    /**
     * Up to `limit` webhooks whose secret is not sealed under `version`, locked until the
     * transaction ends; rows a change holds are skipped, to be found by a later batch.
     */
    lockSecretsNotUnder(version: string, limit: number) {
      return db
        .selectFrom('team_webhooks')
        .select(['team_id', 'secret_enc', 'key_version'])
        .where('key_version', '<>', version)
        .orderBy('team_id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    /** Writes the team's secret sealed again under another key (the secret itself unchanged). */
    async resealSecret(teamId: string, sealed: { secretEnc: string; keyVersion: string }) {
      await db
        .updateTable('team_webhooks')
        .set({ secret_enc: sealed.secretEnc, key_version: sealed.keyVersion })
        .where('team_id', '=', teamId)
        .execute();
    },

    /** Webhooks whose secret is not sealed under `version`, counted by the key it is under. */
    countSecretsNotUnder(version: string) {
      return db
        .selectFrom('team_webhooks')
        .select(['key_version', sql<number>`count(*)::int`.as('n')])
        .where('key_version', '<>', version)
        .groupBy('key_version')
        .orderBy('key_version')
        .execute();
    },

    /** Removes the team's webhook; true when there was one. */
    async remove(teamId: string): Promise<boolean> {
      const removed = await db
        .deleteFrom('team_webhooks')
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    },
  };
}
