import type { Credential } from '../api/grouped-data-query.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A login's forecast expiry is shown, and counts as expiring, within this many days. */
export const EXPIRY_NOTICE_DAYS = 14;

/**
 * Whole days (rounded up) until the login stops working unless reconnected: 0 once it is
 * past; null when nothing is forecast.
 */
export function daysLeft(credential: Pick<Credential, 'expiresAt'>, now: number): number | null {
  if (!credential.expiresAt) return null;
  const left = Date.parse(credential.expiresAt) - now;
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** Whether the login is forecast to stop working within the notice period. */
export function expiresSoon(credential: Pick<Credential, 'expiresAt'>, now: number): boolean {
  const days = daysLeft(credential, now);
  return days !== null && days < EXPIRY_NOTICE_DAYS;
}

/** What the screen says about a login that expires soon. */
export function expiryLabel(days: number): string {
  if (days <= 0) return 'Expired';
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}
