import type { Db } from '../../db/database.ts';
import type { NewOauthState, OauthStateRow } from '../../db/schema.ts';

type Purpose = OauthStateRow['purpose'];

/**
 * SQL for OAuth state rows (sign-in and data-source connections): stored by hash, consumed at
 * most once, and only for the purpose they were made for.
 */
export function createOauthStatesRepository(db: Db) {
  return {
    async insert(row: NewOauthState): Promise<void> {
      await db.insertInto('oauth_states').values(row).execute();
    },

    /**
     * Marks the state used if it is unused, unexpired and bound to this session, in one
     * statement, so two callbacks racing with the same state cannot both win.
     */
    consume(
      stateHash: string,
      sessionHash: string,
      now: Date,
      purpose: Purpose,
    ): Promise<OauthStateRow | undefined> {
      return db
        .updateTable('oauth_states')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('session_hash', '=', sessionHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** The state as consume would find it, without using it up (to validate a form first). */
    peek(
      stateHash: string,
      sessionHash: string,
      now: Date,
      purpose: Purpose,
    ): Promise<OauthStateRow | undefined> {
      return db
        .selectFrom('oauth_states')
        .selectAll()
        .where('state_hash', '=', stateHash)
        .where('session_hash', '=', sessionHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async purge(before: Date): Promise<void> {
      await db.deleteFrom('oauth_states').where('expires_at', '<', before).execute();
    },
  };
}
