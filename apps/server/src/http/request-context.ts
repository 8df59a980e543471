import type { BusinessUnit } from '@gds/contract';
import type { SessionRow } from '../db/schema.ts';
import type { SessionUser } from '../modules/team/users.repository.ts';

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
