import type { SessionRow } from '../../db/schema.ts';
import type { SessionUser } from '../../http/request-context.ts';

/**
 * Who counts as a platform admin: a signed-in user whose email is in PLATFORM_ADMIN_EMAILS
 * (any case). Users are per unit, so the admin is one in the unit of the request.
 */
export function createPlatformAdmins(deps: { emails: readonly string[] }) {
  const listed = new Set(deps.emails.map((email) => email.toLowerCase()));
  const isListed = (user: SessionUser) => listed.has(user.email.toLowerCase());

  return {
    /**
     * The platform admin behind a session signed in as `user`: the user when listed; during a
     * switch, the admin acting as the user (read with the session), while still listed and in
     * the same unit.
     */
    of: (
      session: SessionRow,
      user: SessionUser,
      actingAdmin: SessionUser | null,
    ): SessionUser | null => {
      if (session.acting_admin_id === null) return isListed(user) ? user : null;
      return actingAdmin && actingAdmin.teamUnit === user.teamUnit && isListed(actingAdmin)
        ? actingAdmin
        : null;
    },
  };
}
