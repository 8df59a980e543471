import { describe, expect, it } from 'vitest';
import { addDays, presetRange, rangeLength } from './stats-range.ts';

describe('stats ranges', () => {
  it('ends today in the browser’s time zone, not in UTC', () => {
    const now = new Date('2026-03-01T02:00:00Z');
    expect(presetRange(7, now, 'UTC')).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
      timeZone: 'UTC',
    });
    expect(presetRange(7, now, 'America/Chicago')).toMatchObject({
      from: '2026-02-22',
      to: '2026-02-28',
    });
  });

  it('moves calendar days across months, leap days and DST changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(rangeLength({ from: '2025-11-24', to: '2026-11-23' })).toBe(365);
  });
});
