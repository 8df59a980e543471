import { SESSION_ABSOLUTE_TTL_MS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import { createSessionPeopleRepository } from './session-people.repository.ts';
import type { SessionWithPeople } from './session-people.repository.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { hashToken, isWellFormedToken, newToken } from './session-token.ts';

/** What a request's cookie turned out to be. */
export type SessionLookup =
  | { status: 'none' }
  | { status: 'expired' }
  | ({ status: 'active'; token: string } & SessionWithPeople);

/** Who a re-issued session acts as, and for an admin user switch, who stands behind it. */
export interface SessionIdentity {
  userId: string;
  actingAdminId: string | null;
  /** When a switch ends: the switched session ends with it (it never turns back by itself). */
  switchExpiresAt: Date | null;
}

/**
 * Writes of last_seen_at are coarse: one per minute per session is enough for idle checks,
 * or a quarter of the idle limit when that is shorter, so an active user never looks idle.
 */
const MAX_TOUCH_INTERVAL_MS = 60_000;
/** Ended and expired rows are kept this long so their cookies get 440, not 401. */
const KEEP_ENDED_MS = 7 * 24 * 60 * 60 * 1000;

export function createSessionService(deps: { db: Db; clock: Clock; idleSeconds: number }) {
  const repo = createSessionsRepository(deps.db);
  const people = createSessionPeopleRepository(deps.db);
  const idleMs = deps.idleSeconds * 1000;
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 4);

  /** Starts a session (userId null before sign-in); answers the cookie value. */
  async function start(unit: BusinessUnit, userId: string | null): Promise<string> {
    const token = newToken();
    const now = deps.clock();
    await repo.insert({
      idHash: hashToken(token),
      userId,
      unit,
      now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS),
    });
    return token;
  }

  return {
    start,

    /**
     * Resolves a cookie value to its session, its user and (during an admin switch) the admin
     * behind it, in one statement that also moves the idle timer when it is due. Expiry is
     * decided here, on the server, from stored times only. `touch: false` (passive checks)
     * leaves the idle timer where it is.
     */
    async lookup(
      token: string | undefined,
      options: { touch?: boolean } = {},
    ): Promise<SessionLookup> {
      if (!isWellFormedToken(token)) return { status: 'none' };
      const now = deps.clock();
      const touch =
        options.touch === false
          ? null
          : {
              now,
              seenBefore: new Date(now.getTime() - touchIntervalMs),
              idleBefore: new Date(now.getTime() - idleMs),
            };
      const found = await people.find(hashToken(token), touch);
      if (!found) return { status: 'none' };
      const { session } = found;
      const expired =
        session.ended_at !== null ||
        endOf(session).getTime() <= now.getTime() ||
        session.last_seen_at.getTime() + idleMs <= now.getTime();
      if (expired) {
        if (session.ended_at === null) await repo.markEnded(session.id_hash, now);
        return { status: 'expired' };
      }
      return { status: 'active', token, ...found };
    },

    /**
     * When a session ends: 12 hours after sign-in (sooner when its admin switch ends first),
     * or idle limit after its last activity.
     */
    endsOf(session: SessionRow): { expiresAt: Date; idleExpiresAt: Date } {
      return {
        expiresAt: endOf(session),
        idleExpiresAt: new Date(session.last_seen_at.getTime() + idleMs),
      };
    },

    /** Deletes the session: its cookie is then unknown (401), not expired (440). */
    async destroy(token: string): Promise<void> {
      if (isWellFormedToken(token)) await repo.delete(hashToken(token));
    },

    /** Sign-in: the pre-login id stops working and a fresh one carries the user. */
    async rotate(oldToken: string, unit: BusinessUnit, userId: string): Promise<string> {
      await repo.delete(hashToken(oldToken));
      return start(unit, userId);
    },

    /**
     * Gives the session of `oldToken` a new id carrying `identity` (admin user switch): the old
     * id stops working (401) and the 12-hour end carries over, so re-issuing never extends a
     * session. Pass the caller's transaction to make it part of a larger change. Answers the
     * new cookie value, or undefined when the old session is already gone (a concurrent
     * re-issue won).
     */
    async reissue(
      oldToken: string,
      identity: SessionIdentity,
      db: Db = deps.db,
    ): Promise<string | undefined> {
      const repo = createSessionsRepository(db);
      const old = await repo.take(hashToken(oldToken));
      if (!old) return undefined;
      const token = newToken();
      await repo.insert({
        idHash: hashToken(token),
        userId: identity.userId,
        unit: old.business_unit,
        now: deps.clock(),
        expiresAt: old.expires_at,
        actingAdminId: identity.actingAdminId,
        switchExpiresAt: identity.switchExpiresAt,
      });
      return token;
    },

    async purge(): Promise<number> {
      const now = deps.clock().getTime();
      return repo.purge(new Date(now - KEEP_ENDED_MS), new Date(now - KEEP_ENDED_MS - idleMs));
    },
  };
}

/** The session's hard end: 12 hours after sign-in, or the end of its admin switch if sooner. */
function endOf(session: SessionRow): Date {
  const switchEnd = session.switch_expires_at;
  return switchEnd && switchEnd < session.expires_at ? switchEnd : session.expires_at;
}

export type SessionService = ReturnType<typeof createSessionService>;
