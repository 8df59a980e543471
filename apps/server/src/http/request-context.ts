import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessUnit, ConnectorAccess, PermissionMap } from '@gds/contract';
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

/** Who a connector endpoint's call acts for: a member's grant to a connector's OAuth client. */
export interface ConnectorCaller {
  userId: string;
  teamId: string;
  grantId: string;
  clientId: string;
}

/**
 * The caller behind a connector endpoint's bearer token, holding the endpoint's scope; throws
 * UNAUTHENTICATED (or a rate limit's refusal) otherwise. The data API module implements it
 * with the connector grants' token check and its own rate limit.
 */
export type AuthorizeConnector = (
  req: FastifyRequest,
  reply: FastifyReply,
  access: ConnectorAccess,
) => Promise<ConnectorCaller>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The business unit of the request (header, checked against the host). */
    unit: BusinessUnit;
    auth: RequestAuth;
    /** Who a connector endpoint's call acts for (set by its bearer check), else null. */
    connectorCaller: ConnectorCaller | null;
  }
}

export function signedInUser(auth: RequestAuth): SessionUser | null {
  return auth.kind === 'session' ? auth.user : null;
}

export function platformAdminOf(auth: RequestAuth): SessionUser | null {
  return auth.kind === 'session' && auth.user ? auth.platformAdmin : null;
}
