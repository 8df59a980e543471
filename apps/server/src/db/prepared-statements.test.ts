import type { CompiledQuery } from 'kysely';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { namedStatement, preparedStatement } from './prepared-statements.ts';

/** A database that compiles as PostgreSQL does and records what it is sent instead of running it. */
function recordingDb(): { db: Db; sent: CompiledQuery[] } {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const sent: CompiledQuery[] = [];
  db.executeQuery = <R>(query: CompiledQuery<R>) => {
    sent.push(query);
    return Promise.resolve({ rows: [] as R[] });
  };
  return { db, sent };
}

describe('prepared statements by name', () => {
  it('keeps one text per name and one name per text', () => {
    expect(preparedStatement('test_one', 'SELECT 1 AS one')).toBe('SELECT 1 AS one');
    // The same pair again (every request registers its statement): accepted.
    expect(preparedStatement('test_one', 'SELECT 1 AS one')).toBe('SELECT 1 AS one');
    expect(() => preparedStatement('test_other', 'SELECT 1 AS one')).toThrow(/test_one/);
    // pg would refuse it on a connection that prepared the first text: refused here instead.
    expect(() => preparedStatement('test_one', 'SELECT 2 AS two')).toThrow(/another text/);
  });

  it('compiles a builder statement once and sends each call’s values in their places', async () => {
    const { db, sent } = recordingDb();
    let builds = 0;
    const find = namedStatement('test_members', (d: Db, v: { teamId: string; since: Date }) => {
      builds += 1;
      return d
        .selectFrom('users')
        .select('id')
        .where('team_id', '=', v.teamId)
        .where('joined_at', '>', v.since)
        .where('email', '<>', 'nobody@example.com')
        .where(sql<boolean>`team_id = ${v.teamId}`)
        .compile();
    });
    const since = new Date('2026-01-01T00:00:00Z');
    await find(db, { teamId: 'team-a', since });
    await find(db, { teamId: 'team-b', since });
    expect(builds).toBe(1);
    expect(sent.map((query) => query.sql)).toEqual([sent[0]?.sql, sent[0]?.sql]);
    expect(sent[0]?.sql).toContain('"team_id" = $1');
    // The constant of the text stays where it was; a value named twice fills both places.
    expect(sent.map((query) => query.parameters)).toEqual([
      ['team-a', since, 'nobody@example.com', 'team-a'],
      ['team-b', since, 'nobody@example.com', 'team-b'],
    ]);
  });

  it('refuses a statement that computes with a value instead of passing it along', async () => {
    const { db } = recordingDb();
    const lowered = namedStatement('test_lowered', (d: Db, v: { email: string; teamId: string }) =>
      d.selectFrom('users').select('id').where('team_id', '=', v.teamId.toLowerCase()).compile(),
    );
    await expect(lowered(db, { email: 'a@example.com', teamId: 'T' })).rejects.toThrow(
      /test_lowered computes with a value/,
    );
    const pattern = namedStatement('test_pattern', (d: Db, v: { email: string }) =>
      d.selectFrom('users').select('id').where('email', 'like', `%${v.email}`).compile(),
    );
    await expect(pattern(db, { email: 'a@example.com' })).rejects.toThrow(/computes with a value/);
    const inlined = namedStatement('test_inlined', (d: Db, v: { email: string }) =>
      d.selectFrom('users').select(sql.lit(v.email).as('e')).compile(),
    );
    await expect(inlined(db, { email: 'a@example.com' })).rejects.toThrow(/computes with a value/);
  });
});
