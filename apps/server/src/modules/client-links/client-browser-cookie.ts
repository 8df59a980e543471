import type { FastifyReply, FastifyRequest } from 'fastify';
import { isWellFormedToken, newToken } from '../sessions/session-token.ts';

/** A client's connection must finish within this (the provider's consent included). */
const CLIENT_BROWSER_TTL_SECONDS = 60 * 60;

/**
 * The cookie that binds a client's connection to the browser that started it: a client has no
 * session, yet the provider's callback must only count in the browser that asked, so a stolen
 * state or result id is worth nothing elsewhere. HttpOnly, SameSite=Lax (the callback is a
 * top-level navigation from the provider), Path=/, and over https Secure with the __Host- prefix.
 */
export interface ClientBrowserCookie {
  name: string;
  secure: boolean;
}

export function clientBrowserCookieFor(publicUrl: string): ClientBrowserCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? '__Host-gds_client_connect' : 'gds_client_connect', secure };
}

/** This browser's token, if it has a well-formed one (anything else names no connection). */
export function readClientBrowser(
  req: FastifyRequest,
  cookie: ClientBrowserCookie,
): string | undefined {
  const value = req.cookies[cookie.name];
  return isWellFormedToken(value) ? value : undefined;
}

/** The browser's token, made and set now if it has none; another tab keeps the same one. */
export function ensureClientBrowser(
  req: FastifyRequest,
  reply: FastifyReply,
  cookie: ClientBrowserCookie,
): string {
  const token = readClientBrowser(req, cookie) ?? newToken();
  reply.setCookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookie.secure,
    maxAge: CLIENT_BROWSER_TTL_SECONDS,
  });
  return token;
}
