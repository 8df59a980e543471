import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { openTestDatabase, testDatabaseKinds } from '../../src/db/test-database.ts';
import { call } from '../helpers/contract-call.ts';
import { createTestApp, fakeIdentity, testConfig } from '../helpers/test-app.ts';

/**
 * PostgreSQL drops pooled connections on a restart, a failover or pg_terminate_backend. The
 * process must stay up (no unhandled 'error' event) and the pool must open new connections.
 */
describe.runIf(testDatabaseKinds().includes('postgres'))(
  'losing pooled PostgreSQL connections',
  () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;
    let admin: Db;
    let app: FastifyInstance;
    const lines: string[] = [];
    const lostLines = () => lines.filter((line) => line.includes('lost a database connection'));

    beforeAll(async () => {
      opened = await openTestDatabase('postgres');
      admin = opened.another?.() as Db;
      app = await createTestApp(opened.db, {
        identity: fakeIdentity(),
        config: testConfig({ LOG_LEVEL: 'warn' }),
        logStream: { write: (line: string) => void lines.push(line) },
      });
    });
    afterAll(async () => {
      await app.close();
      await opened.close();
    });

    /** Holds `count` pooled connections at once, so each answers from its own backend. */
    async function poolBackends(db: Db, count: number): Promise<number[]> {
      const pids = await Promise.all(
        Array.from({ length: count }, () =>
          db.connection().execute(async (connection) => {
            const { rows } = await sql<{ pid: number }>`
              SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(connection);
            return rows[0]?.pid ?? 0;
          }),
        ),
      );
      return [...new Set(pids)];
    }

    const terminate = (pids: number[]) =>
      // The timeout makes PostgreSQL wait until each backend has really exited.
      sql`SELECT pg_terminate_backend(pid, 5000) FROM unnest(${pids}::int[]) AS pid`.execute(admin);

    const login = () => call(app, ENDPOINTS.login);

    it('idle connections terminated: no crash, the next requests succeed on new connections', async () => {
      const pids = await poolBackends(opened.db, 3);
      expect(pids).toHaveLength(3);
      // Requests reuse the idle connections: the pool holds exactly these three backends.
      for (let i = 0; i < 3; i += 1) expect((await login()).statusCode).toBe(200);

      await terminate(pids);
      // Each client reports its loss once; the pool has then discarded every dead one.
      await vi.waitFor(() => expect(lostLines()).toHaveLength(3), { timeout: 5000 });
      expect(lostLines()[0]).toContain('57P01');

      for (let i = 0; i < 3; i += 1) expect((await login()).statusCode).toBe(200);
      const fresh = await poolBackends(opened.db, 3);
      expect(fresh.filter((pid) => pids.includes(pid))).toEqual([]);
    });

    it('a connection terminated while checked out fails its own query only', async () => {
      const before = lostLines().length;
      await opened.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(
          connection,
        );
        await terminate([rows[0]?.pid ?? 0]);
        await expect(sql`SELECT 1`.execute(connection)).rejects.toThrow();
      });
      await vi.waitFor(() => expect(lostLines().length).toBe(before + 1), { timeout: 5000 });
      expect((await login()).statusCode).toBe(200);
    });
  },
);
