import fc from 'fast-check';

/**
 * Characters that have broken requests before or could: NUL (PostgreSQL refuses it), the other
 * C0 controls, DEL, C1 controls, lone surrogates, and text outside Latin-1 (no header can carry
 * it), beside ordinary letters.
 */
const hostileChar = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'),
  },
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udfff', '€', 'é', '東', '😀', '\u2028') },
  { weight: 3, arbitrary: fc.constantFrom('a', 'Z', '0', ' ', '-', '_') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

/**
 * A character as a form carries it: raw, or percent-encoded as a browser would (a lone
 * surrogate, which has no UTF-8 form, as the bytes of its CESU-8 spelling).
 */
const encodedChar = fc.tuple(hostileChar, fc.boolean()).map(([char, raw]) => {
  if (raw) return char;
  try {
    return encodeURIComponent(char);
  } catch {
    return char.charCodeAt(0) < 0xdc00 ? '%ED%A0%80' : '%ED%BF%BF';
  }
});

export const hostileText = fc.array(encodedChar, { maxLength: 12 }).map((chars) => chars.join(''));

/** A form body of such fields, under the given names and random ones. */
export const hostileFormFor = (names: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, hostileText),
        hostileText,
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

export const hostileFormText = hostileFormFor(['name', 'state', 'apiKey', '__proto__']);
