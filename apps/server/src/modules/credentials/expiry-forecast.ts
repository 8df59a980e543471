import type { GrantLifetime } from '@gds/contract/providers';
import type { ExpiryForecastSource } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a credential stops working unless someone reconnects it, and where that comes from. */
export interface ExpiryForecast {
  at: Date;
  source: ExpiryForecastSource;
}

/**
 * The forecast after a token answer (a new consent, or a refresh). What the provider said wins:
 * the refresh token's remaining lifetime, or, for a login without a refresh token (Meta's
 * long-lived user token), the access token's. Where it said nothing, the provider's documented
 * lifetime: a sliding one counts from now (this refresh succeeded), a fixed one from the
 * consent, so a refresh keeps the forecast it had. Null: nothing is known, nothing forecast.
 */
export function forecastExpiry(input: {
  lifetime: GrantLifetime | undefined;
  tokens: {
    hasRefreshToken: boolean;
    expiresInSeconds: number | undefined;
    refreshExpiresInSeconds: number | undefined;
  };
  now: Date;
  /** The forecast before this refresh; undefined for a new consent. */
  previous?: ExpiryForecast | null;
}): ExpiryForecast | null {
  const { lifetime, tokens, now, previous } = input;
  const after = (ms: number) => new Date(now.getTime() + ms);
  if (tokens.refreshExpiresInSeconds !== undefined) {
    return { at: after(tokens.refreshExpiresInSeconds * 1000), source: 'provider' };
  }
  if (!tokens.hasRefreshToken && tokens.expiresInSeconds !== undefined) {
    return { at: after(tokens.expiresInSeconds * 1000), source: 'provider' };
  }
  if (!lifetime) return null;
  if (!lifetime.sliding && previous !== undefined) return previous;
  return { at: after(lifetime.days * DAY_MS), source: 'rule' };
}
