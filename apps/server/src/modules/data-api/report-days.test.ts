import { describe, expect, it } from 'vitest';
import { yesterday } from './report-days.ts';

describe('yesterday', () => {
  // 02:00 UTC on 20 March: still the 19th in Los Angeles, already the 20th in Auckland.
  const now = new Date('2026-03-20T02:00:00Z');

  it('is counted in the account time zone when it has one', () => {
    expect(yesterday(now)).toBe('2026-03-19');
    expect(yesterday(now, 'America/Los_Angeles')).toBe('2026-03-18');
    expect(yesterday(now, 'Pacific/Auckland')).toBe('2026-03-19');
    expect(yesterday(new Date('2026-03-20T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-03-20');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(yesterday(now, 'Mars/Olympus_Mons')).toBe('2026-03-19');
  });
});
