/** A number as the app writes it: 1,234. */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/**
 * A count with its noun, singular for one: "1 login", "3 logins", "1 account was",
 * "2 accounts were". `many` defaults to `one` with an s.
 */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
