import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../../src/db/test-database.ts';
import type { TestDatabaseKind } from '../../src/db/test-database.ts';

/**
 * Runs a suite once per database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 * `fn` gets a getter: the database exists only once beforeAll has run. On PostgreSQL,
 * `another()` opens a second pool on the same database (a second server instance).
 */
export function describeEachDatabase(
  name: string,
  fn: (db: () => Db, kind: TestDatabaseKind, another: () => Db | undefined) => void,
): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
      beforeAll(async () => {
        opened = await openTestDatabase(kind, inject('pgliteTemplate'));
      });
      afterAll(async () => {
        await opened?.close();
      });
      fn(
        () => {
          if (!opened) throw new Error('database not open yet');
          return opened.db;
        },
        kind,
        () => opened?.another?.(),
      );
    });
  }
}
