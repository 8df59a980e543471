import { describe, expect, it } from 'vitest';
import { sandboxLocale } from './sandbox-account-locale.ts';
import { askedDays, historyStart, sandboxToday } from './sandbox-report-calendar.ts';

const call = (nameSimple: string, iso = '2026-11-28T15:00:00Z') => ({
  connector: { nameSimple },
  now: Date.parse(iso),
});

describe('the sandbox report calendar', () => {
  it("starts a day at midnight in the accounts' time zone, not in UTC", () => {
    expect(sandboxToday(Date.parse('2026-11-29T04:59:00Z'))).toBe('2026-11-28');
    expect(sandboxToday(Date.parse('2026-11-29T05:00:00Z'))).toBe('2026-11-29');
  });

  it("dates each account's figures in its own zone where its connector stores one", () => {
    // 14:00 UTC on the 28th: already the 29th in Sydney, still the 28th in New York.
    const at = call('google-analytics', '2026-11-28T14:00:00Z');
    expect(sandboxLocale('google-analytics', 'p-3')).toEqual({
      timeZone: 'Australia/Sydney',
      currency: 'AUD',
    });
    const days = (account: string) => askedDays(at, account, '2026-11-28', '2026-11-29');
    expect(days('p-1')).toEqual({ days: ['2026-11-28'] });
    expect(days('p-3')).toEqual({ days: ['2026-11-28', '2026-11-29'] });
    // A connector that stores no zone: every account in New York, in dollars.
    expect(sandboxLocale('linkedin-ads', 'p-3')).toEqual({
      timeZone: 'America/New_York',
      currency: 'USD',
    });
    expect(
      askedDays(call('linkedin-ads', '2026-11-28T14:00:00Z'), 'p-3', '2026-11-28', '2026-11-29'),
    ).toEqual({
      days: ['2026-11-28'],
    });
  });

  it('opens each account on a fixed first of the month, 13 to 30 months before late 2026', () => {
    const starts = Array.from({ length: 200 }, (_, i) => historyStart(`acc-${i}`));
    for (const start of starts) {
      expect(start >= '2024-06-01' && start <= '2025-10-01', start).toBe(true);
      expect(start.endsWith('-01')).toBe(true);
    }
    expect(new Set(starts).size).toBeGreaterThan(10);
    expect(historyStart('acc-1')).toBe(historyStart('acc-1'));
  });

  it('refuses a call past the per-call limit before cutting it to the history', () => {
    expect(askedDays(call('instagram-insights'), 'ig', '2020-01-01', '2020-02-15')).toEqual({
      refused: 'too-long',
      maxDays: 30,
    });
    expect(askedDays(call('instagram-insights'), 'ig', '2020-01-01', '2020-01-30')).toEqual({
      days: [],
    });
    expect(askedDays(call('google-analytics'), 'p', '2026-03-05', '2026-03-01')).toEqual({
      refused: 'invalid',
    });
  });
});
