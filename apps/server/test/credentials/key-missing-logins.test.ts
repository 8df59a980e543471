import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { openKeyRing } from '../../src/crypto/key-ring.ts';
import { addDemoTokenKey } from '../../src/crypto/token-keys.ts';
import { createDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../src/config/paths.ts';
import { rotateTokenKeys } from '../../src/modules/credentials/key-rotation.ts';
import { CREDENTIAL_MESSAGES } from '../../src/modules/credentials/credential-messages.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import { createTestApp, tempDir, testConfig } from '../helpers/test-app.ts';
import {
  connectedLogin,
  envKeys,
  loginRow,
  makeDue,
  sealedLogin,
  tokenKey,
} from '../helpers/token-keys.ts';

const V1 = tokenKey('v1', 11);
const V2 = tokenKey('v2', 22);
const NOTHING = { refreshed: 0, revoked: 0, failed: 0 };
const WAITING = {
  status: 'error',
  status_reason: CREDENTIAL_MESSAGES.keyMissing('Google Analytics'),
  refresh_attempts: 0,
  next_refresh_at: null,
};

/**
 * A login sealed under a key the refreshing server lacks is waiting for that key, not revoked:
 * it is left to a server holding the key, and recovers by itself once one runs.
 */
describeEachDatabase('logins sealed under a key a server lacks', (db) => {
  const running: FastifyInstance[] = [];
  const track = <T extends SandboxContext | FastifyInstance>(started: T): T => {
    running.push('app' in started ? started.app : started);
    return started;
  };
  const stop = async (app: FastifyInstance) => {
    running.splice(running.indexOf(app), 1);
    await app.close();
  };
  const refresh = (app: FastifyInstance) => backgroundJobs(app).refreshTokens();
  /** A server from TOKEN_ENCRYPTION_KEYS that makes no provider call (it must not refresh). */
  const serverWith = async (...keys: Array<ReturnType<typeof tokenKey>>) =>
    track(
      await createTestApp(db(), {
        config: testConfig({ TOKEN_ENCRYPTION_KEYS: envKeys(...keys) }),
      }),
    );
  const sandboxWith = async (...keys: Array<ReturnType<typeof tokenKey>>) =>
    track(await startSandboxApp(db(), { env: { TOKEN_ENCRYPTION_KEYS: envKeys(...keys) } }));

  beforeEach(async () => {
    await db().deleteFrom('data_source_credentials').execute();
    await db().deleteFrom('server_key_rings').execute();
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });

  it('no running server holds the key: the login waits (not revoked, not churned) and recovers when a server with the key starts', async () => {
    const first = await sandboxWith(V1, V2);
    const id = await connectedLogin(first, db(), 'waits@example.com');
    expect((await loginRow(db(), id)).key_version).toBe('v2');
    const old = await serverWith(V1);
    await backgroundJobs(old).announceKeys();
    await makeDue(db(), id);

    expect(await refresh(old)).toEqual({ ...NOTHING, failed: 1 });
    const waiting = await loginRow(db(), id);
    expect(waiting).toMatchObject({ ...WAITING, key_version: 'v2' });
    expect(waiting.key_missing_since).toBeInstanceOf(Date);
    expect(await refresh(old)).toEqual(NOTHING);

    // The server restarted with the key (TOKEN_ENCRYPTION_KEYS are read at start).
    const restarted = await sandboxWith(V1, V2);
    expect(await refresh(restarted.app)).toEqual({ ...NOTHING, refreshed: 1 });
    expect(await loginRow(db(), id)).toMatchObject({
      status: 'connected',
      status_reason: null,
      key_missing_since: null,
    });
  });

  it('during a rolling restart a server lacking the new key leaves its logins to a live server holding it', async () => {
    const updated = await sandboxWith(V1, V2);
    await backgroundJobs(updated.app).announceKeys();
    const id = await connectedLogin(updated, db(), 'rolling@example.com');
    const old = await serverWith(V1);
    await backgroundJobs(old).announceKeys();
    await makeDue(db(), id);

    expect(await refresh(old)).toEqual(NOTHING);
    expect(await loginRow(db(), id)).toMatchObject({ status: 'connected', status_reason: null });
    expect(await refresh(updated.app)).toEqual({ ...NOTHING, refreshed: 1 });

    // Once no live server holds the key, the old one marks it waiting rather than revoked.
    await stop(updated.app);
    await makeDue(db(), id);
    expect(await refresh(old)).toEqual({ ...NOTHING, failed: 1 });
    expect(await loginRow(db(), id)).toMatchObject(WAITING);
  });

  it('demo key file: a login waiting for a key recovers once the file has it, without a restart', async () => {
    const dataDir = tempDir();
    const keysDir = path.join(dataDir, 'keys');
    const ctx = track(await startSandboxApp(db(), { env: { DATA_DIR: dataDir } }));
    const id = await connectedLogin(ctx, db(), 'demo-waits@example.com');
    // The next key, made in a copy of the key file the server does not read yet.
    const copy = path.join(tempDir(), 'keys');
    fs.mkdirSync(copy);
    fs.copyFileSync(path.join(keysDir, 'token-keys.json'), path.join(copy, 'token-keys.json'));
    addDemoTokenKey(copy);
    await rotateTokenKeys(db(), openKeyRing(undefined, copy));
    await makeDue(db(), id);

    expect(await refresh(ctx.app)).toEqual({ ...NOTHING, failed: 1 });
    expect(await loginRow(db(), id)).toMatchObject({ ...WAITING, key_version: 'v2' });
    expect(await refresh(ctx.app)).toEqual(NOTHING);

    fs.copyFileSync(path.join(copy, 'token-keys.json'), path.join(keysDir, 'token-keys.json'));
    expect(await refresh(ctx.app)).toEqual({ ...NOTHING, refreshed: 1 });
    expect(await loginRow(db(), id)).toMatchObject({
      status: 'connected',
      key_missing_since: null,
    });
  });
});

it('logins an earlier version marked "needs reconnect" as unreadable wait for their key after the upgrade', async () => {
  const before = tempDir();
  for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < '0004')) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
  }
  const db = createDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await migrate(db, before);
    const cipher = openKeyRing([V1], tempDir());
    const [unreadable, revoked] = [await sealedLogin(db, cipher), await sealedLogin(db, cipher)];
    const mark = (id: string, reason: string) =>
      db
        .updateTable('data_source_credentials')
        .set({ status: 'needs_reconnect', status_reason: reason, refresh_token_enc: 'sealed' })
        .where('id', '=', id)
        .execute();
    await mark(unreadable, CREDENTIAL_MESSAGES.unreadable('Google Analytics'));
    await mark(revoked, CREDENTIAL_MESSAGES.revoked('Google Analytics'));

    expect(await migrate(db)).toContain('0004_server_key_rings.sql');
    const waiting = await loginRow(db, unreadable);
    expect(waiting).toMatchObject(WAITING);
    expect(waiting.key_missing_since).toBeInstanceOf(Date);
    expect(await loginRow(db, revoked)).toMatchObject({
      status: 'needs_reconnect',
      status_reason: CREDENTIAL_MESSAGES.revoked('Google Analytics'),
      key_missing_since: null,
    });
  } finally {
    await db.destroy();
  }
}, 60_000);
