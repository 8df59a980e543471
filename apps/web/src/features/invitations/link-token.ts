import { linkTokenSchema } from '@gds/contract';
import { ApiError } from '../../lib/api-error.ts';

/**
 * An invitation link carries a token in its path. One that cannot be a token is refused before
 * asking the server: it names nothing.
 */
export function isLinkToken(token: string): boolean {
  return linkTokenSchema.safeParse(token).success;
}

/**
 * The server says the link names nothing (unknown or malformed). Anything else that fails —
 * the network, a busy server — is worth trying again and must not read as a dead link.
 */
export function isUnknownLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}
