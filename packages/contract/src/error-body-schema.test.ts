import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body-schema.ts';
import { readErrorBody } from './errors.ts';

const bodies: unknown[] = [
  { error: { code: 'NOT_FOUND', message: 'Not found' } },
  { error: { code: 'VALIDATION_FAILED', message: 'Too long', field: 'name', requestId: 'r-1' } },
  { error: { code: 'INTERNAL', message: 'Sorry', extra: 'dropped' }, also: 'dropped' },
  { error: { code: 'INTERNAL', message: 'Sorry', field: 3 } },
  { error: { code: 'INTERNAL', message: 'Sorry', requestId: null } },
  { error: { code: 500, message: 'Sorry' } },
  { error: { code: 'INTERNAL' } },
  { error: 'Sorry' },
  { error: ['INTERNAL', 'Sorry'] },
  { message: 'Sorry' },
  '<html>Bad gateway</html>',
  [],
  null,
  42,
];

describe('readErrorBody', () => {
  it.each(bodies.map((body) => [JSON.stringify(body), body]))(
    'reads %s as errorBodySchema does',
    (_, body) => {
      const parsed = errorBodySchema.safeParse(body);
      expect(readErrorBody(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
