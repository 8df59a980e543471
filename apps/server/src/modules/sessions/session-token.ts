import { createHash, randomBytes } from 'node:crypto';

/** A fresh 32-byte random token, base64url: the cookie value (and OAuth state). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so the sessions table alone cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cookie values we accept: what newToken makes, nothing else reaches the database. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
