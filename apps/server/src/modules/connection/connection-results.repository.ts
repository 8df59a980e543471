import type { Db } from '../../db/database.ts';
import type { ConnectionResultRow, NewConnectionResult } from '../../db/schema.ts';

/**
 * SQL for connection results: stored by the hash of their id, and found only together with
 * the session and user they belong to, before they expire.
 */
export function createConnectionResultsRepository(db: Db) {
  return {
    async insert(row: NewConnectionResult): Promise<void> {
      await db.insertInto('connection_results').values(row).execute();
    },

    find(key: {
      idHash: string;
      sessionHash: string;
      /** Null: a client's result (a browser without a user). */
      userId: string | null;
      now: Date;
    }): Promise<ConnectionResultRow | undefined> {
      const { userId } = key;
      return db
        .selectFrom('connection_results')
        .selectAll()
        .where('id_hash', '=', key.idHash)
        .where('session_hash', '=', key.sessionHash)
        .$if(userId === null, (q) => q.where('user_id', 'is', null))
        .$if(userId !== null, (q) => q.where('user_id', '=', userId))
        .where('expires_at', '>', key.now)
        .executeTakeFirst();
    },

    async purge(before: Date): Promise<void> {
      await db.deleteFrom('connection_results').where('expires_at', '<', before).execute();
    },
  };
}
