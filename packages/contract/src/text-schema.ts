import { z } from 'zod';

/**
 * The one rule for text a request carries (params, query and body fields alike): control
 * characters are refused where the text comes in. A NUL cannot be stored by PostgreSQL, a line
 * break or DEL cannot travel in an HTTP header, and none of them belongs in a name, a key or an
 * address; refusing them here answers a plain 400 instead of failing deep inside.
 *
 * \p{Cc} is exactly the C0 controls, DEL and the C1 controls; \p{Cs} matches a surrogate only
 * when it is unpaired (text that is not well-formed Unicode). The bidirectional embedding,
 * override and isolate controls (U+202A–U+202E, U+2066–U+2069) are refused too: they reorder
 * the text around them as it is shown, so a name could pass itself off as another one.
 */
const SINGLE_LINE = /^[^\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]*$/u;
/** Marks a multi-line field, so a walk over every input can tell it from a single-line one. */
export const MULTI_LINE_TEXT = 'multi-line text';

/** Multi-line text may also break lines and indent: LF, CR and TAB, nothing else. */
const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069])*$/u;

/** Every character single-line text refuses, for text that must be cleaned instead. */
const REFUSED_IN_A_LINE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text from elsewhere that cannot be refused (a name the identity provider vouches for) with
 * every character single-line text refuses removed, so it is shown and stored as typed text is.
 */
export function toSingleLine(text: string): string {
  return text.replace(REFUSED_IN_A_LINE, '');
}

/** One line of text (names, keys, ids, addresses): no control character at all. */
export function singleLineText(label: string): z.ZodString {
  return z
    .string()
    .regex(SINGLE_LINE, `${label} cannot contain line breaks or other control characters.`);
}

/** Text that may span lines (a message, a note): line breaks and tabs only. */
export function multiLineText(label: string): z.ZodString {
  return z
    .string()
    .regex(MULTI_LINE, `${label} cannot contain control characters other than line breaks.`)
    .describe(MULTI_LINE_TEXT);
}
