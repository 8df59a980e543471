import { describe, expect, it } from 'vitest';
import { dayIn } from './days.ts';

describe('dayIn', () => {
  it('names the day of an instant in a time zone', () => {
    const instant = new Date('2026-11-23T03:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-23');
    expect(dayIn(instant, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(dayIn(new Date('2026-03-01T02:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-01');
    // The same zone again, from the formatter made for it.
    expect(dayIn(new Date('2026-11-23T08:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-23');
  });

  it('refuses a zone the runtime does not know, as Intl does', () => {
    expect(() => dayIn(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
