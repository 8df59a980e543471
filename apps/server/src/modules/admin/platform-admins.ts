import type { SessionRow } from '../../db/schema.ts';
import type { RequestAuth } from '../../http/request-context.ts';
import { platformAdminOf } from '../../http/request-context.ts';
import type { SessionUser } from '../team/users.repository.ts';

/** What getTeamInfo answers about the platform admin behind the caller's session. */
export interface AdminInfo {
  platformAdmin: boolean;
  switch: { adminEmail: string; expiresAt: string } | null;
}

/**
 * Who counts as a platform admin: a signed-in user whose email is in PLATFORM_ADMIN_EMAILS
 * (any case). Users are per unit, so the admin is one in the unit of the request.
 */
export function createPlatformAdmins(deps: {
  emails: readonly string[];
  findSessionUser: (userId: string) => Promise<SessionUser | undefined>;
}) {
  const listed = new Set(deps.emails.map((email) => email.toLowerCase()));
  const isListed = (user: SessionUser) => listed.has(user.email.toLowerCase());

  return {
    /**
     * The platform admin behind a session signed in as `user`: the user when listed; during a
     * switch, the admin acting as the user, while still listed and in the same unit.
     */
    of: async (session: SessionRow, user: SessionUser): Promise<SessionUser | null> => {
      if (session.acting_admin_id === null) return isListed(user) ? user : null;
      const admin = await deps.findSessionUser(session.acting_admin_id);
      return admin && admin.teamUnit === user.teamUnit && isListed(admin) ? admin : null;
    },
  };
}

export type PlatformAdmins = ReturnType<typeof createPlatformAdmins>;

/** The profile's `admin` field: may this person use /admin, and are they acting as someone. */
export function adminInfoOf(auth: RequestAuth): AdminInfo {
  const admin = platformAdminOf(auth);
  if (!admin || auth.kind !== 'session') return { platformAdmin: false, switch: null };
  const ends = auth.session.switch_expires_at;
  return {
    platformAdmin: true,
    switch: ends ? { adminEmail: admin.email, expiresAt: ends.toISOString() } : null,
  };
}
