/**
 * One set of column parsers for both drivers, so a query answers the same JS values on PGlite
 * and on PostgreSQL: int8 → number (counts, identities), numeric → string (exact), timestamps →
 * Date, date → 'YYYY-MM-DD' text (pg would shift it into the local time zone).
 */
export const PG_TYPE = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

const toNumber = (value: string): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds 2^53`);
  return n;
};

const toDate = (value: string): Date =>
  new Date(value.includes('T') ? value : value.replace(' ', 'T'));

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [PG_TYPE.int8]: toNumber,
  [PG_TYPE.numeric]: (value) => value,
  [PG_TYPE.date]: (value) => value,
  // timestamp without time zone is read as UTC; columns here are timestamptz anyway.
  [PG_TYPE.timestamp]: (value) => toDate(`${value.replace(' ', 'T')}Z`),
  [PG_TYPE.timestamptz]: (value) => parseTimestamptz(value),
};

/**
 * PostgreSQL's own text form "YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM]" read field by field: a
 * screen of thousands of rows reads several timestamps each, and this is several times
 * faster than rewriting the text for Date's parser. Anything else (infinity, BC years, a
 * DateStyle other than ISO) goes the general way.
 */
const CANONICAL =
  /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?$/;

export function parseTimestamptz(value: string): Date {
  const m = CANONICAL.exec(value);
  if (!m) return toDate(normaliseOffset(value));
  const fraction = m[7] ?? '';
  const ms = fraction === '' ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3));
  const offsetMinutes = (Number(m[9]) * 60 + Number(m[10] ?? 0)) * (m[8] === '-' ? -1 : 1);
  const utc = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    ms,
  );
  return new Date(utc - offsetMinutes * 60_000);
}

/** Postgres prints "+00" offsets; Date parses "+00:00". */
function normaliseOffset(value: string): string {
  return value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
}
