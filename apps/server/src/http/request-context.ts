import type { FastifyRequest } from 'fastify';
import type { BusinessUnit, PermissionMap } from '@gds/contract';
import type { BuiltInRole, SessionRow, TeamRow } from '../db/schema.ts';

/** A signed-in user as every request sees it: read fresh, with the role's permissions. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  image: string;
  teamId: string;
  teamUnit: BusinessUnit;
  roleId: string;
  roleName: string;
  /** 'super_admin' or 'admin' for the built-in roles, null for the team's own. */
  roleBuiltIn: BuiltInRole | null;
  permissions: PermissionMap;
  /** The user's team, read in the same statement (answers only: a change re-reads it locked). */
  team: TeamRow;
}

/** What the request hooks learned about a request before its handler runs. */
export type RequestAuth =
  | { kind: 'anonymous' }
  | { kind: 'expired' }
  | {
      kind: 'session';
      token: string;
      user: SessionUser | null;
      session: SessionRow;
      /**
       * The platform admin behind the session: the user when listed in PLATFORM_ADMIN_EMAILS,
       * or, during an admin user switch, the admin acting as the user. Null for everyone else.
       */
      platformAdmin: SessionUser | null;
    };

/**
 * Who is asking. The HTTP layer only states what it needs; the sessions module implements it
 * and app.ts wires it in. `touch: false` (passive checks) leaves the idle timer where it is.
 */
export type Authenticate = (
  req: FastifyRequest,
  options?: { touch: boolean },
) => Promise<RequestAuth>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The business unit of the request (header, checked against the host). */
    unit: BusinessUnit;
    auth: RequestAuth;
  }
}

export function signedInUser(auth: RequestAuth): SessionUser | null {
  return auth.kind === 'session' ? auth.user : null;
}

export function platformAdminOf(auth: RequestAuth): SessionUser | null {
  return auth.kind === 'session' && auth.user ? auth.platformAdmin : null;
}
