import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseTimestamptz } from './type-parsers.ts';

/** PostgreSQL's ISO text of an instant, at a given offset and fractional precision. */
function pgText(date: Date, offsetMinutes: number, digits: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const micros = `${local.slice(20, 23)}000`.slice(0, digits).replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.trunc(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = Math.abs(offsetMinutes) % 60;
  const offset = `${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${micros ? `.${micros}` : ''}${offset}`;
}

it('reads PostgreSQL’s timestamptz text as the same instant, any offset and precision (property)', () => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date('1000-01-01Z'), max: new Date('9000-01-01Z'), noInvalidDate: true }),
      fc.constantFrom(0, 60, -300, 330, 345, -570, 840),
      fc.integer({ min: 0, max: 6 }),
      (date, offset, digits) => {
        const text = pgText(date, offset, digits);
        const expected =
          Math.floor(date.getTime() / 10 ** (3 - Math.min(digits, 3))) *
          10 ** (3 - Math.min(digits, 3));
        expect(parseTimestamptz(text).getTime(), text).toBe(expected);
      },
    ),
    { numRuns: 2000 },
  );
});

it('microseconds beyond the millisecond are dropped, as Date keeps none', () => {
  expect(parseTimestamptz('2026-11-23 05:09:02.123456+00').toISOString()).toBe(
    '2026-11-23T05:09:02.123Z',
  );
  expect(parseTimestamptz('2026-11-23 05:09:02.5-03').toISOString()).toBe(
    '2026-11-23T08:09:02.500Z',
  );
});

it('other forms take the general way', () => {
  expect(parseTimestamptz('2026-11-23T05:09:02Z').toISOString()).toBe('2026-11-23T05:09:02.000Z');
  expect(Number.isNaN(parseTimestamptz('infinity').getTime())).toBe(true);
});
