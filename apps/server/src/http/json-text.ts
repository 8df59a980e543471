/**
 * A response body that is already JSON text, typed as the value it spells. A handler answers
 * one when the text comes ready-made (PostgreSQL writes a large answer faster than Node can
 * parse rows into objects and write them out again); the response writer sends the text as it
 * is, and in tests checks it against the contract and the compiled writer like any answer.
 */
const PARTS = Symbol('json text');
const SPACED = Symbol('spaced json text');

export interface JsonText<T> {
  /** The text in pieces, as they came: a large answer is never joined into one string. */
  readonly [PARTS]: readonly string[];
  /** Written by PostgreSQL's jsonb output, with spaces between tokens (see spacedJsonText). */
  readonly [SPACED]?: true;
  /** Never set: only carries the type the text spells. */
  readonly value?: T;
}

/**
 * Text that spells a `T` as JSON, whole or in pieces to be written one after the other; the
 * caller vouches for it, the test app's writer checks it.
 */
export function jsonText<T>(text: string | readonly string[]): JsonText<T> {
  return { [PARTS]: typeof text === 'string' ? [text] : text };
}

/**
 * JSON text as PostgreSQL's jsonb output writes it (a space after each comma and colon), for
 * answers no browser reads (the data API's result pages, sent as stored). The test app's writer
 * checks it spells, token for token, what the compiled writer writes; only spacing may differ.
 */
export function spacedJsonText<T>(text: string): JsonText<T> {
  return { [PARTS]: [text], [SPACED]: true };
}

/** Whether a JsonText was made by spacedJsonText. */
export function isSpacedJson(data: unknown): boolean {
  return typeof data === 'object' && data !== null && SPACED in data;
}

const partsOf = (data: unknown): readonly string[] | undefined =>
  typeof data === 'object' && data !== null && PARTS in data
    ? (data as JsonText<unknown>)[PARTS]
    : undefined;

/** The whole text of a JsonText, or undefined for any other value. */
export function textOfJson(data: unknown): string | undefined {
  return partsOf(data)?.join('');
}

/**
 * The UTF-8 bytes of a JsonText, written piece by piece into one buffer, or undefined for any
 * other value. A buffer lives outside the JavaScript heap and is freed as soon as it is sent;
 * a string of megabytes would wait in the heap for a full garbage collection.
 */
export function bytesOfJson(data: unknown): Buffer | undefined {
  const parts = partsOf(data);
  if (!parts) return undefined;
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += bytes.write(part, at);
  return bytes;
}
