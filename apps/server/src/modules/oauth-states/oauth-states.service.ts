import type { Db } from '../../db/database.ts';
import type { NewOauthState, OauthStateRow } from '../../db/schema.ts';
import { hashToken } from '../sessions/session-token.ts';
import { createOauthStatesRepository } from './oauth-states.repository.ts';

type Purpose = OauthStateRow['purpose'];

/**
 * Single-use OAuth states of sign-in and of connections, bound to the browser session that
 * made them. Only hashes are stored: the state and the session's cookie value never are.
 */
export function createOauthStatesService(db: Db) {
  const repo = createOauthStatesRepository(db);
  return {
    /** Stores a new state for this browser session. */
    issue(
      state: string,
      sessionToken: string,
      row: Omit<NewOauthState, 'state_hash' | 'session_hash'>,
    ): Promise<void> {
      return repo.insert({
        ...row,
        state_hash: hashToken(state),
        session_hash: hashToken(sessionToken),
      });
    },

    /** Uses the state up; undefined when it is unknown, used, expired or another session's. */
    consume(state: string, sessionToken: string, now: Date, purpose: Purpose) {
      return repo.consume(hashToken(state), hashToken(sessionToken), now, purpose);
    },

    /** The state as consume would find it, without using it up (to validate a form first). */
    peek(state: string, sessionToken: string, now: Date, purpose: Purpose) {
      return repo.peek(hashToken(state), hashToken(sessionToken), now, purpose);
    },

    purge: (before: Date) => repo.purge(before),
  };
}

export type OauthStatesService = ReturnType<typeof createOauthStatesService>;
