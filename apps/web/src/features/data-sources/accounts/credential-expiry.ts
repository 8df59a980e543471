import type { Credential } from '../api/grouped-data-query.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A login's forecast expiry is shown, and counts as expiring, within this many days. */
export const EXPIRY_NOTICE_DAYS = 14;

/**
 * Whole days (rounded up, 0 once past) until a working login stops working unless
 * reconnected, when that falls within the notice period; null otherwise: nothing forecast,
 * further off, or the login already needs reconnecting for another reason (its status says so).
 * The badge and the "expiring" filter both ask this, so they always agree.
 */
export function daysToExpiry(
  credential: Pick<Credential, 'expiresAt' | 'status'>,
  now: number,
): number | null {
  if (credential.status !== 'connected' || !credential.expiresAt) return null;
  const left = Date.parse(credential.expiresAt) - now;
  const days = left <= 0 ? 0 : Math.ceil(left / DAY_MS);
  return days < EXPIRY_NOTICE_DAYS ? days : null;
}

/** What the screen says about a login that expires soon. */
export function expiryLabel(days: number): string {
  if (days <= 0) return 'Expired';
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}
