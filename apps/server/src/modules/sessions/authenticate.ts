import type { SessionRow, SessionUserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { setActingAdmin } from '../../http/acting-admin-scope.ts';
import type { Authenticate, SessionUser } from '../../http/request-context.ts';
import type { SessionCookie } from './session-cookie.ts';
import { readSessionCookie } from './session-cookie.ts';
import type { SessionService } from './sessions.service.ts';

/**
 * Who is asking: the session of the request's cookie, its user with role and team, and the
 * admin acting as them, read fresh in one statement on every request so a removed user or a
 * changed role takes effect at once. What a role grants (`toSessionUser`) and who counts as a
 * platform admin (`platformAdminOf`) come from the modules that know, wired by app.ts.
 */
export function createAuthenticate(deps: {
  sessions: SessionService;
  cookie: SessionCookie;
  toSessionUser: (row: SessionUserRow) => SessionUser;
  platformAdminOf: (
    session: SessionRow,
    user: SessionUser,
    actingAdmin: SessionUser | null,
  ) => SessionUser | null;
}): Authenticate {
  return async (req, options = { touch: true }) => {
    const found = await deps.sessions.lookup(readSessionCookie(req, deps.cookie), options);
    if (found.status === 'none') return { kind: 'anonymous' };
    if (found.status === 'expired') return { kind: 'expired' };
    const user = found.user ? deps.toSessionUser(found.user) : null;
    // A session never acts in another business unit than its team's.
    if (user && user.teamUnit !== req.unit) {
      throw new AppError('BUSINESS_UNIT_MISMATCH', 'The business unit does not match your team.');
    }
    if (!user && found.session.business_unit !== req.unit) return { kind: 'anonymous' };
    const actingAdmin = found.actingAdmin ? deps.toSessionUser(found.actingAdmin) : null;
    const platformAdmin = user ? deps.platformAdminOf(found.session, user, actingAdmin) : null;
    // A switched session acts only while a platform admin of this unit stands behind it.
    if (found.session.acting_admin_id !== null && !platformAdmin) return { kind: 'anonymous' };
    // Every audit entry the request goes on to write carries the admin (see recordAudit).
    setActingAdmin(found.session.acting_admin_id);
    return { kind: 'session', token: found.token, user, session: found.session, platformAdmin };
  };
}
