import type { Db } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import type { BusinessUnit } from '@gds/contract';

/** SQL for the sessions table. Rows are keyed by the SHA-256 of the cookie value. */
export function createSessionsRepository(db: Db) {
  return {
    find(idHash: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    },

    async insert(row: {
      idHash: string;
      userId: string | null;
      unit: BusinessUnit;
      now: Date;
      expiresAt: Date;
      /** Admin user switch: the platform admin acting as userId, until switchExpiresAt. */
      actingAdminId?: string | null;
      switchExpiresAt?: Date | null;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id_hash: row.idHash,
          user_id: row.userId,
          business_unit: row.unit,
          created_at: row.now,
          last_seen_at: row.now,
          expires_at: row.expiresAt,
          acting_admin_id: row.actingAdminId ?? null,
          switch_expires_at: row.switchExpiresAt ?? null,
        })
        .execute();
    },

    async markEnded(idHash: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .execute();
    },

    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Deletes a live session and answers it; undefined when it is gone or has ended. */
    take(idHash: string): Promise<SessionRow | undefined> {
      return db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Drops rows that ended, expired or went idle before `before`; kept until then so 440 ≠ 401. */
    async purge(before: Date, idleBefore: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<', before),
            eb('ended_at', '<', before),
            eb('last_seen_at', '<', idleBefore),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
