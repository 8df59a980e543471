import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { named, preparedStatement } from './prepared-statements.ts';

describe('prepared statements by name', () => {
  it('keeps one text per name and one name per text', () => {
    expect(preparedStatement('test_one', 'SELECT 1 AS one')).toBe('SELECT 1 AS one');
    // The same pair again (every request registers its statement): accepted.
    expect(preparedStatement('test_one', 'SELECT 1 AS one')).toBe('SELECT 1 AS one');
    expect(() => preparedStatement('test_other', 'SELECT 1 AS one')).toThrow(/test_one/);
    // pg would refuse it on a connection that prepared the first text: refused here instead.
    expect(() => preparedStatement('test_one', 'SELECT 2 AS two')).toThrow(/another text/);
  });

  it('names a compiled query builder statement and answers it unchanged', () => {
    const query = CompiledQuery.raw('SELECT $1::int AS n', [1]);
    expect(named('test_named', query)).toBe(query);
    expect(() => named('test_named', CompiledQuery.raw('SELECT $1::int AS m', [1]))).toThrow();
  });
});
