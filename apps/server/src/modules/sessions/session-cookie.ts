import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_TTL_MS } from '@gds/contract';

/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain; over https
 * it is Secure and carries the __Host- prefix, which browsers only accept with exactly those.
 */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? '__Host-gds_session' : 'gds_session', secure };
}

export function readSessionCookie(req: FastifyRequest, cookie: SessionCookie): string | undefined {
  return req.cookies[cookie.name];
}

export function setSessionCookie(reply: FastifyReply, cookie: SessionCookie, token: string): void {
  reply.setCookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookie.secure,
    maxAge: SESSION_ABSOLUTE_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  reply.clearCookie(cookie.name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookie.secure,
  });
}
