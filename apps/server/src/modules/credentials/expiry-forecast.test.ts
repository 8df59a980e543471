import { describe, expect, it } from 'vitest';
import { forecastExpiry } from './expiry-forecast.ts';

const now = new Date('2026-03-01T10:00:00Z');
const DAY = 24 * 3600;
const days = (n: number) => new Date(now.getTime() + n * DAY * 1000);
const tokens = (t: Partial<Parameters<typeof forecastExpiry>[0]['tokens']> = {}) => ({
  hasRefreshToken: true,
  expiresInSeconds: 3600,
  refreshExpiresInSeconds: undefined,
  ...t,
});
const sliding = { days: 90, sliding: true, source: 'https://example.com/sliding' };
const fixed = { days: 365, sliding: false, source: 'https://example.com/fixed' };

describe('the expiry forecast', () => {
  it('takes the refresh token lifetime the provider states over any documented rule', () => {
    expect(
      forecastExpiry({
        lifetime: sliding,
        tokens: tokens({ refreshExpiresInSeconds: 5 * DAY }),
        now,
      }),
    ).toEqual({ at: days(5), source: 'provider' });
  });

  it('takes the access token lifetime of a login without a refresh token', () => {
    expect(
      forecastExpiry({
        lifetime: fixed,
        tokens: tokens({ hasRefreshToken: false, expiresInSeconds: 60 * DAY }),
        now,
      }),
    ).toEqual({ at: days(60), source: 'provider' });
  });

  it('counts a sliding rule from this refresh, a fixed one from the consent', () => {
    const previous = { at: days(12), source: 'rule' as const };
    expect(forecastExpiry({ lifetime: sliding, tokens: tokens(), now, previous })).toEqual({
      at: days(90),
      source: 'rule',
    });
    expect(forecastExpiry({ lifetime: fixed, tokens: tokens(), now, previous })).toEqual(previous);
    expect(forecastExpiry({ lifetime: fixed, tokens: tokens(), now })).toEqual({
      at: days(365),
      source: 'rule',
    });
  });

  it('forecasts nothing when neither the provider nor a rule says anything', () => {
    expect(forecastExpiry({ lifetime: undefined, tokens: tokens(), now })).toBeNull();
  });
});
