import { ADMIN_SWITCH_MINUTES } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SessionService } from '../sessions/sessions.service.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { createAdminRepository } from './admin.repository.ts';

const SWITCH_MS = ADMIN_SWITCH_MINUTES * 60_000;
const NOT_SWITCHED = 'You are not acting as another user, so there is nothing to return from.';

/** The caller's session as the switch sees it: its cookie value and row, and its admin. */
export interface AdminSession {
  token: string;
  session: SessionRow;
  admin: SessionUser;
}

/**
 * The admin user switch. Both directions give the session a new id (the old cookie stops
 * working) and record the change in the acted-as user's team, in one transaction with the
 * new session so neither exists without the other.
 */
export function createAdminSwitchService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  findSessionUser: (userId: string) => Promise<SessionUser | undefined>;
}) {
  return {
    /**
     * Starts acting as the member `email` of team `teamId` of this unit (404 otherwise). A
     * switched session may switch again: the admin behind it stays the same. Answers the new
     * cookie value and the user now acted as.
     */
    async start(
      caller: AdminSession,
      unit: BusinessUnit,
      email: string,
      teamId: string,
    ): Promise<{ token: string; target: SessionUser }> {
      const targetId = await createAdminRepository(deps.db).findMemberId(unit, email, teamId);
      const target = targetId ? await deps.findSessionUser(targetId) : undefined;
      if (!target) throw notFound('A member with that email in that team');
      const { admin, session } = caller;
      // The switch never outlasts the session it was started from.
      const limit = deps.clock().getTime() + SWITCH_MS;
      const ends = new Date(Math.min(limit, session.expires_at.getTime()));
      const token = await deps.db.transaction().execute(async (tx) => {
        const issued = await deps.sessions.reissue(
          caller.token,
          { userId: target.id, actingAdminId: admin.id, switchExpiresAt: ends },
          tx,
        );
        if (!issued) throw unauthenticated();
        await recordAudit(tx, {
          teamId: target.teamId,
          actorUserId: target.id,
          actingAdminId: admin.id,
          action: 'admin_switch.start',
          details: {
            adminEmail: admin.email,
            userEmail: target.email,
            expiresAt: ends.toISOString(),
          },
        });
        return issued;
      });
      return { token, target };
    },

    /**
     * Returns a switched session to its admin (409 when the session is not switched). Answers
     * the new cookie value.
     */
    async end(caller: {
      token: string;
      session: SessionRow;
      user: SessionUser;
      admin: SessionUser | null;
    }): Promise<string> {
      const { admin, user } = caller;
      if (caller.session.acting_admin_id === null || !admin) {
        throw new AppError('CONFLICT', NOT_SWITCHED);
      }
      return deps.db.transaction().execute(async (tx) => {
        const issued = await deps.sessions.reissue(
          caller.token,
          { userId: admin.id, actingAdminId: null, switchExpiresAt: null },
          tx,
        );
        if (!issued) throw unauthenticated();
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          actingAdminId: admin.id,
          action: 'admin_switch.end',
          details: { adminEmail: admin.email, userEmail: user.email },
        });
        return issued;
      });
    },
  };
}

export type AdminSwitchService = ReturnType<typeof createAdminSwitchService>;
