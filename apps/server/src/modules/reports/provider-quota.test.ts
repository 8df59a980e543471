import { describe, expect, it } from 'vitest';
import type { QuotaHourRow } from './provider-quota.repository.ts';
import { quotaState, waitOf } from './provider-quota.ts';

const NOW = new Date('2026-03-20T09:50:00Z');
const HOUR = new Date('2026-03-20T09:00:00Z');

const row = (over: Partial<QuotaHourRow>): QuotaHourRow => ({
  account_id: 'account-1',
  hour: HOUR,
  quota: 'tokensPerHour',
  quota_window: 'hour',
  calls: 1,
  spent: null,
  largest_call: null,
  remaining: null,
  used_pct: null,
  blocked_until: null,
  updated_at: new Date('2026-03-20T09:45:00Z'),
  ...over,
});

describe('the quota wait', () => {
  it('waits for the hour when what is left is less than the largest call of the hour', () => {
    const tight = row({ remaining: 4, largest_call: 5 });
    expect(waitOf([tight], NOW)).toEqual({
      until: new Date('2026-03-20T10:00:00Z'),
      quota: 'tokensPerHour',
    });
    expect(waitOf([row({ remaining: 5, largest_call: 5 })], NOW)).toBeNull();
    // An earlier hour's reading says nothing about this hour.
    expect(waitOf([tight], new Date('2026-03-20T10:00:00Z'))).toBeNull();
  });

  it('waits for midnight in Los Angeles when a daily quota runs out', () => {
    const daily = row({ quota: 'tokensPerDay', quota_window: 'day', remaining: 0 });
    // March 20th is in daylight saving time there (UTC-7).
    expect(waitOf([daily], NOW)?.until).toEqual(new Date('2026-03-21T07:00:00Z'));
    const winter = new Date('2026-01-20T09:50:00Z');
    const winterDaily = { ...daily, hour: winter, updated_at: winter };
    expect(waitOf([winterDaily], winter)?.until).toEqual(new Date('2026-01-21T08:00:00Z'));
  });

  it('waits out a share-of-limit quota near 100 for a while, and a block until its end', () => {
    const full = row({ quota: 'ads_insights', used_pct: 96 });
    expect(waitOf([full], NOW)?.until).toEqual(new Date('2026-03-20T09:55:00Z'));
    expect(waitOf([row({ quota: 'ads_insights', used_pct: 90 })], NOW)).toBeNull();
    const blocked = row({
      quota: 'rate_limit',
      quota_window: 'call',
      blocked_until: new Date('2026-03-20T10:20:00Z'),
    });
    // The longest wait of the account's quotas wins.
    expect(waitOf([full, blocked], NOW)).toEqual({
      until: new Date('2026-03-20T10:20:00Z'),
      quota: 'rate_limit',
    });
  });

  it('tells an account near its limit from one that waits and one that is fine', () => {
    const standing = (over: Partial<QuotaHourRow>) => quotaState([row(over)], NOW).standing;
    expect(standing({ remaining: 1000, largest_call: 5 })).toBe('ok');
    expect(standing({ remaining: 40, largest_call: 5 })).toBe('near');
    expect(standing({ quota: 'ads_insights', used_pct: 80 })).toBe('near');
    expect(standing({ quota: 'ads_insights', used_pct: 79 })).toBe('ok');
    // 800 of the hour's 1,000 tokens spent: 80 %, though 200 is many calls of 5.
    expect(standing({ spent: 800, remaining: 200, largest_call: 5 })).toBe('near');
    expect(standing({ spent: 700, remaining: 300, largest_call: 5 })).toBe('ok');
    expect(standing({ remaining: 2, largest_call: 5 })).toBe('over');
  });

  it('names the quota and, when reports wait, when they resume', () => {
    expect(quotaState([row({ remaining: 2, largest_call: 5 })], NOW)).toEqual({
      standing: 'over',
      quota: 'tokensPerHour',
      resumesAt: new Date('2026-03-20T10:00:00Z'),
    });
    expect(quotaState([row({ quota: 'ads_insights', used_pct: 85 })], NOW)).toEqual({
      standing: 'near',
      quota: 'ads_insights',
      resumesAt: null,
    });
    expect(quotaState([], NOW)).toEqual({ standing: 'ok', quota: null, resumesAt: null });
  });
});
