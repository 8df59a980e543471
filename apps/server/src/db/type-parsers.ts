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
  [PG_TYPE.timestamptz]: (value) => toDate(normaliseOffset(value)),
};

/** Postgres prints "+00" offsets; Date parses "+00:00". */
function normaliseOffset(value: string): string {
  return value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
}
