import { AppError } from '../lib/errors.ts';

/** Bodies are small forms; anything bigger is refused before parsing (413). */
export const FORM_BODY_LIMIT = 64 * 1024;
export const MAX_FORM_PARAMETERS = 200;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses application/x-www-form-urlencoded text into a flat null-prototype object: no body,
 * however hostile, gets a 5xx or touches Object.prototype. Brackets are not expanded (a[b]=1 stays the key "a[b]"), so there is no
 * depth to exploit; keys that could reach Object.prototype are refused; a repeated key keeps
 * its last value; malformed percent-encoding, a NUL anywhere and too many parameters are 400s.
 */
export function parseForm(text: string): Record<string, string> {
  const result = Object.create(null) as Record<string, string>;
  if (text === '') return result;
  const pairs = text.split('&');
  if (pairs.length > MAX_FORM_PARAMETERS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A form may carry at most ${MAX_FORM_PARAMETERS} fields.`,
    );
  }
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (FORBIDDEN_KEYS.has(key)) {
      throw new AppError('VALIDATION_FAILED', `"${key}" is not an accepted field name.`);
    }
    // The contract refuses control characters field by field; this backstop holds for fields
    // no schema names too, since a NUL can never be stored (PostgreSQL refuses it in text).
    if (key.includes('\u0000') || value.includes('\u0000')) {
      const field = key.includes('\u0000') ? undefined : key;
      throw new AppError(
        'VALIDATION_FAILED',
        'The form holds a NUL character, which no field accepts. Remove it and try again.',
        field,
      );
    }
    result[key] = value;
  }
  return result;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The form is not validly encoded.');
  }
}

/** Set on a query object whose text was malformed; an onRequest hook answers it with 400. */
export const QUERY_ERROR = Symbol('query-error');

/**
 * Query strings follow the same rules. The router calls this outside Fastify's error
 * handling, so it must not throw: a bad query is marked and refused in a hook instead.
 */
export function parseQueryString(text: string): Record<string, string> {
  try {
    return parseForm(text);
  } catch (error) {
    const marked = Object.create(null) as Record<string | symbol, unknown>;
    marked[QUERY_ERROR] = error instanceof AppError ? error.message : 'The query is malformed.';
    return marked as Record<string, string>;
  }
}
