import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { MULTI_LINE_TEXT } from '../text-schema.ts';
import { ENDPOINTS } from './index.ts';

type Def = Record<string, unknown>;

/** Containers and wrappers: the schemas a value inside them is checked against, by name. */
const CHILDREN: Record<string, (def: Def) => Array<[string, unknown]>> = {
  optional: (def) => [['', def.innerType]],
  nullable: (def) => [['', def.innerType]],
  default: (def) => [['', def.innerType]],
  prefault: (def) => [['', def.innerType]],
  nonoptional: (def) => [['', def.innerType]],
  readonly: (def) => [['', def.innerType]],
  catch: (def) => [['', def.innerType]],
  pipe: (def) => [['', def.in]],
  array: (def) => [['[]', def.element]],
  union: (def) => (def.options as unknown[]).map((option, i) => [`|${i}`, option]),
  record: (def) => [
    ['.<key>', def.keyType],
    ['.<value>', def.valueType],
  ],
  object: (def) => [
    ...Object.entries(def.shape as Def).map(([key, child]): [string, unknown] => [
      `.${key}`,
      child,
    ]),
    ...(def.catchall ? [['.<other keys>', def.catchall] as [string, unknown]] : []),
  ],
};

/**
 * Every leaf schema a request value meets, named by where it sits. Containers are walked; an
 * object's catch-all (extra keys) counts as a field, so `.loose()` cannot let text in unchecked.
 */
function leaves(schema: unknown, where: string): Array<{ where: string; leaf: z.ZodType }> {
  const def = (schema as z.ZodType)._zod.def as unknown as Def;
  const children = CHILDREN[String(def.type)];
  if (def.type === 'never') return [];
  if (!children) return [{ where, leaf: schema as z.ZodType }];
  return children(def).flatMap(([name, child]) => leaves(child, `${where}${name}`));
}

const inputs = Object.values(ENDPOINTS as Record<string, Endpoint>).flatMap((endpoint) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    endpoint[part] ? leaves(endpoint[part], `${endpoint.name}.${part}`) : [],
  ),
);

describe('every text field of every endpoint refuses control characters', () => {
  it('the walk finds the fields (it cannot pass by finding none)', () => {
    const where = inputs.map((input) => input.where).join('\n');
    for (const name of [
      'updateTeamInfo.body.name',
      'login.body.partnerKey',
      'submitFormLogin.body.<value>',
    ]) {
      expect(where).toContain(name);
    }
    expect(inputs.length).toBeGreaterThan(15);
  });

  it('multi-line fields take line breaks and tabs, and nothing else a single line refuses', () => {
    const multiLine = inputs.filter(({ leaf }) => leaf.description === MULTI_LINE_TEXT);
    expect(multiLine.map(({ where }) => where)).toContain('submitChurnFeedback.body.payload');
    for (const { leaf } of multiLine) {
      expect(leaf.safeParse('first line\r\n\tsecond').success).toBe(true);
      expect(leaf.safeParse('bell\u0007').success).toBe(false);
    }
  });

  it.each([
    ['NUL', '\u0000'],
    ['DEL', '\u007f'],
    ['NUL inside text', 'a\u0000b'],
    ['a line break', 'line\nbreak'],
    ['an escape sequence', '\u001b[31m'],
    ['a C1 control', 'x\u0085'],
    ['a lone surrogate', 'x\ud800'],
    ['a right-to-left override', 'evil\u202egpj.exe'],
    ['a left-to-right isolate', 'x\u2066y'],
  ])('no field accepts %s', (_, value) => {
    const accepting = inputs
      .filter(({ leaf }) => !(value.includes('\n') && leaf.description === MULTI_LINE_TEXT))
      .filter(({ leaf }) => leaf.safeParse(value).success)
      .map(({ where }) => where);
    expect(accepting).toEqual([]);
  });
});
