import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonText, spacedJsonText } from './json-text.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

const schema = z.object({
  name: z.string(),
  items: z.array(z.object({ id: z.number().int(), at: z.string().nullable() })),
});
const route = { schema, method: 'GET', url: '/things', httpStatus: '200' };
const writerOf = (validate: boolean) => responseSerializerCompiler({ validate })(route);

/** JSON text answered by a handler: passed through as it is, and in tests checked like any answer. */
describe('responseSerializerCompiler with JSON text', () => {
  const value = { name: 'a "quoted"\n😀 name', items: [{ id: 1, at: null }] };
  const exact = JSON.stringify(value);

  it('sends the text untouched in production and in tests when the compiled writer agrees', () => {
    // Production sends the pieces' UTF-8 bytes one after the other, never joined into a string.
    const bytes: unknown = writerOf(false)(jsonText(exact));
    expect(Buffer.isBuffer(bytes) && bytes.toString('utf8')).toBe(exact);
    const pieces = [exact.slice(0, 9), exact.slice(9, 20), exact.slice(20)];
    expect(String(writerOf(false)(jsonText(pieces)))).toBe(exact);
    expect(writerOf(true)(jsonText(pieces))).toBe(exact);
    expect(writerOf(true)(jsonText(exact))).toBe(exact);
    // A value is still written by the compiled writer.
    expect(writerOf(true)(value)).toBe(exact);
  });

  it('refuses in tests text the web app would read differently or that breaks the contract', () => {
    const validating = writerOf(true);
    // Same value, other spelling: key order or spaces the compiled writer would not write.
    const reordered = '{"items":[{"id":1,"at":null}],"name":' + JSON.stringify(value.name) + '}';
    expect(() => validating(jsonText(reordered))).toThrow(/differs from what its compiled writer/);
    expect(() => validating(jsonText(JSON.stringify(value, null, 1)))).toThrow(/differs/);
    // A key the contract does not name would be dropped by the writer: the text must not have it.
    const extra = JSON.stringify({ ...value, secret: 'x' });
    expect(() => validating(jsonText(extra))).toThrow(/differs/);
    // A wrong type is refused by the contract itself.
    const wrong = JSON.stringify({ ...value, items: [{ id: 'one', at: null }] });
    expect(() => validating(jsonText(wrong))).toThrow();
  });

  it('takes PostgreSQL-spaced text only where asked, still in the writer’s order and values', () => {
    // As jsonb's output spells it: a space after each comma and colon.
    const spaced = '{"name": ' + JSON.stringify(value.name) + ', "items": [{"id": 1, "at": null}]}';
    expect(() => writerOf(true)(jsonText(spaced))).toThrow(/differs/);
    expect(writerOf(true)(spacedJsonText(spaced))).toBe(exact);
    expect(String(writerOf(false)(spacedJsonText(spaced)))).toBe(spaced);
    const reordered =
      '{"items": [{"id": 1, "at": null}], "name": ' + JSON.stringify(value.name) + '}';
    expect(() => writerOf(true)(spacedJsonText(reordered))).toThrow(/differs/);
  });
});
