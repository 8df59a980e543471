import { AppError } from '../../lib/errors.ts';
import type { Authenticate, SessionUser } from '../../http/request-context.ts';
import type { SessionCookie } from './session-cookie.ts';
import { readSessionCookie } from './session-cookie.ts';
import type { SessionService } from './sessions.service.ts';

/**
 * Who is asking: the session of the request's cookie and its user, read fresh on every
 * request so a removed user or a changed role takes effect at once.
 */
export function createAuthenticate(deps: {
  sessions: SessionService;
  cookie: SessionCookie;
  findUser: (userId: string) => Promise<SessionUser | undefined>;
}): Authenticate {
  return async (req, options = { touch: true }) => {
    const found = await deps.sessions.lookup(readSessionCookie(req, deps.cookie), options);
    if (found.status === 'none') return { kind: 'anonymous' };
    if (found.status === 'expired') return { kind: 'expired' };
    const userId = found.session.user_id;
    const user = userId ? ((await deps.findUser(userId)) ?? null) : null;
    // A session never acts in another business unit than its team's.
    if (user && user.teamUnit !== req.unit) {
      throw new AppError('BUSINESS_UNIT_MISMATCH', 'The business unit does not match your team.');
    }
    if (!user && found.session.business_unit !== req.unit) return { kind: 'anonymous' };
    return { kind: 'session', token: found.token, user, session: found.session };
  };
}
