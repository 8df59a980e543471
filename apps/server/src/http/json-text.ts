/**
 * A response body that is already JSON text, typed as the value it spells. A handler answers
 * one when the text comes ready-made (PostgreSQL writes a large answer faster than Node can
 * parse rows into objects and write them out again); the response writer sends the text as it
 * is, and in tests checks it against the contract and the compiled writer like any answer.
 */
const TEXT = Symbol('json text');

export interface JsonText<T> {
  readonly [TEXT]: string;
  /** Never set: only carries the type the text spells. */
  readonly value?: T;
}

/** Wraps text that spells a `T` as JSON; the caller vouches for it, the test writer checks it. */
export function jsonText<T>(text: string): JsonText<T> {
  return { [TEXT]: text };
}

/** The text of a JsonText, or undefined for any other value. */
export function textOfJson(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !(TEXT in data)) return undefined;
  return (data as JsonText<unknown>)[TEXT];
}
