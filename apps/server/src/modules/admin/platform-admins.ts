import type { SessionRow } from '../../db/schema.ts';
import type { SessionUser } from '../../http/request-context.ts';

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
