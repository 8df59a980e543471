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

/** SQL for team webhooks. Every statement names the team. */
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
