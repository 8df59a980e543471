import { describe, expect, it } from 'vitest';
import { readMetaUsage } from './meta-usage.ts';

describe('readMetaUsage', () => {
  it('reads each business use case and the ad account as shares of their limits', () => {
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({
        '1234': [
          {
            type: 'ads_insights',
            call_count: 12,
            total_cputime: '97',
            total_time: 40,
            estimated_time_to_regain_access: 3,
          },
        ],
      }),
      'x-ad-account-usage': '{"acc_id_util_pct":"9.5","reset_time_duration":0}',
    });
    expect(readMetaUsage(headers)).toEqual([
      {
        quota: 'ads_insights',
        spent: null,
        remaining: null,
        usedPct: 97,
        resetMs: 3 * 60_000,
        window: 'hour',
      },
      {
        quota: 'ad_account',
        spent: null,
        remaining: null,
        usedPct: 9.5,
        resetMs: null,
        window: 'hour',
      },
    ]);
  });

  it('reads nothing from answers without usage headers, or with ones it cannot parse', () => {
    expect(readMetaUsage(new Headers())).toEqual([]);
    expect(
      readMetaUsage(
        new Headers({ 'x-business-use-case-usage': '{not json', 'x-ad-account-usage': '{}' }),
      ),
    ).toEqual([]);
  });
});
