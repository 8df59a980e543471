import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config/paths.ts';
import { openKeyRing } from '../../src/crypto/key-ring.ts';
import { createDatabase } from '../../src/db/database.ts';
import type { DatabaseTarget, Db } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import { POSTGRES_BIN, createPostgresCluster } from '../helpers/postgres-cluster.ts';
import { tempDir, testConfig } from '../helpers/test-app.ts';
import { connectedLogin, envKeys, tokenKey } from '../helpers/token-keys.ts';

const run = promisify(execFile);
const KEYS = envKeys(tokenKey('v1', 5));

/** `npm run backup` / `npm run restore` as an operator runs them, with this environment. */
async function script(name: 'backup' | 'restore', env: Record<string, string>, file: string) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/scripts/${name}.ts`, file],
    { cwd: REPO_ROOT, env: { ...inherited, TOKEN_ENCRYPTION_KEYS: KEYS, ...env } },
  );
  return `${stdout}${stderr}`;
}

/** Everything the drill must find again: teams, users, logins (with their tokens), accounts. */
async function snapshot(db: Db) {
  const teams = await db.selectFrom('teams').select(['id', 'name']).orderBy('id').execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'team_id'])
    .orderBy('id')
    .execute();
  const credentials = await db
    .selectFrom('data_source_credentials')
    .select(['id', 'team_id', 'access_token_enc', 'refresh_token_enc', 'key_version'])
    .orderBy('id')
    .execute();
  const accounts = await db
    .selectFrom('data_source_accounts')
    .select(['id', 'team_id', 'credential_id', 'name'])
    .orderBy('id')
    .execute();
  return { teams, users, credentials, accounts };
}

const kinds = ['pglite', ...(POSTGRES_BIN ? ['postgres'] : [])] as const;

describe('backup and restore drill: back up, wipe, restore, find everything', () => {
  it.each(kinds)(
    '%s',
    async (kind) => {
      const dataDir = tempDir();
      const cluster = kind === 'postgres' ? await createPostgresCluster() : undefined;
      const env: Record<string, string> = cluster
        ? { DATA_DIR: dataDir, DATABASE_URL: cluster.url }
        : { DATA_DIR: dataDir };
      const target: DatabaseTarget = cluster
        ? { kind: 'postgres', url: cluster.url }
        : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
      try {
        let db = createDatabase(target);
        await migrate(db);
        const ctx = await startSandboxApp(db, { env: { TOKEN_ENCRYPTION_KEYS: KEYS } });
        await connectedLogin(ctx, db, 'first-agency@example.com');
        await connectedLogin(ctx, db, 'second-agency@example.com');
        await ctx.app.close();
        const before = await snapshot(db);
        expect(before.teams).toHaveLength(2);
        expect(before.credentials).toHaveLength(2);
        expect(before.accounts.length).toBeGreaterThanOrEqual(2);
        await db.destroy();

        const file = path.join(dataDir, 'drill', kind === 'postgres' ? 'gds.pgdump' : 'gds.tar.gz');
        expect(await script('backup', env, file)).toContain(`to ${file}`);
        expect(fs.statSync(file).size).toBeGreaterThan(0);

        // The disaster: the database is gone.
        if (cluster) {
          db = createDatabase(target);
          await sql`DROP SCHEMA public CASCADE`.execute(db);
          await sql`CREATE SCHEMA public`.execute(db);
          await db.destroy();
        } else {
          fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
        }

        expect(await script('restore', env, file)).toContain(`from ${file}`);
        db = createDatabase(target);
        try {
          const after = await snapshot(db);
          expect(after).toEqual(before);
          // Every login still opens with the token keys: the backup kept the ciphertexts whole.
          const ring = openKeyRing(testConfig({ TOKEN_ENCRYPTION_KEYS: KEYS }).tokenKeys, dataDir);
          for (const row of after.credentials) {
            const access = ring.decrypt(
              row.access_token_enc,
              row.key_version,
              sealContext(row.id, 'access'),
            );
            expect(access.length).toBeGreaterThan(0);
            if (row.refresh_token_enc) {
              ring.decrypt(row.refresh_token_enc, row.key_version, sealContext(row.id, 'refresh'));
            }
          }
          // And the restored database is current: nothing left for a server to migrate.
          expect(await migrate(db)).toEqual([]);
        } finally {
          await db.destroy();
        }
      } finally {
        await cluster?.remove();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('refuses a backup of the other kind of database, and a missing file, changing nothing', async () => {
    const dataDir = tempDir();
    try {
      const wrong = path.join(dataDir, 'gds.pgdump');
      fs.writeFileSync(wrong, 'not a PGlite dump');
      await expect(script('restore', { DATA_DIR: dataDir }, wrong)).rejects.toThrow(
        /gds\.pgdump is not a backup of this kind of database: the embedded database restores a \.tar\.gz/,
      );
      await expect(
        script('restore', { DATA_DIR: dataDir }, path.join(dataDir, 'none.tar.gz')),
      ).rejects.toThrow(/no backup file at/);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
