import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ENDPOINTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@gds/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { openKeyRing } from '../../src/crypto/key-ring.ts';
import { KeyRotationRefused } from '../../src/crypto/key-rotation-guard.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import { loadTokenKeys } from '../../src/crypto/token-keys.ts';
import { createDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { REPO_ROOT } from '../../src/config/paths.ts';
import { loadOauthKeys } from '../../src/modules/connector-authorization/oauth-keys.ts';
import { rotateTokenKeys } from '../../src/modules/credentials/key-rotation.ts';
import { rotateKeys } from '../../src/scripts/key-rotation.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
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
/** A server log that fails the test if the OAuth keys cannot be read (a server would warn). */
const strictLog = {
  warn: () => {
    throw new Error('the connector OAuth keys were unreadable');
  },
} as unknown as FastifyBaseLogger;
const V2 = tokenKey('v2', 22);

/** Token keys rotate online: rows are re-encrypted in batches, idempotently. */
describeEachDatabase('token key rotation', (db, kind) => {
  it('re-encrypts every row under the new key, keeps the secrets, and a second run does nothing', async () => {
    const ctx = await startSandboxApp(db(), { env: { TOKEN_ENCRYPTION_KEYS: envKeys(V1) } });
    const ids: string[] = [];
    try {
      for (const name of ['rot-a', 'rot-b', 'rot-c']) {
        const owner = await signIn(ctx.app, ctx.identity, `${name}@example.com`);
        await connectOAuth(ctx, owner.cookie, 1, { login: `${name}@example.com` });
        const row = await db()
          .selectFrom('data_source_credentials')
          .select('id')
          .where('team_id', '=', owner.team.id)
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
    } finally {
      await ctx.app.close();
    }
    const v1 = createTokenCipher([V1]);
    const plain = async (id: string, cipher = v1) => {
      const row = await db()
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        version: row.key_version,
        access: cipher.decrypt(row.access_token_enc, row.key_version, sealContext(id, 'access')),
      };
    };
    const before = await Promise.all(ids.map((id) => plain(id)));
    expect(before.every((b) => b.version === 'v1')).toBe(true);

    const ring = createTokenCipher([V1, V2]);
    expect(
      (await rotateTokenKeys(db(), ring, { batchSize: 2 })).reencrypted,
    ).toBeGreaterThanOrEqual(3);
    const v2Only = createTokenCipher([V2]);
    const after = await Promise.all(ids.map((id) => plain(id, v2Only)));
    expect(after.map((a) => a.version)).toEqual(['v2', 'v2', 'v2']);
    expect(after.map((a) => a.access)).toEqual(before.map((b) => b.access));
    expect(await rotateTokenKeys(db(), ring)).toEqual({ reencrypted: 0 });
  });

  it.runIf(kind === 'postgres')(
    'waits for rows a refresh holds locked, then finishes (online)',
    async () => {
      const ring = createTokenCipher([V1, V2]);
      const row = await db()
        .selectFrom('data_source_credentials')
        .select('id')
        .executeTakeFirstOrThrow();
      // Re-seal that row under v1 so it can be rotated again.
      const v1 = createTokenCipher([V1]);
      await db()
        .updateTable('data_source_credentials')
        .set({
          key_version: 'v1',
          access_token_enc: v1.encrypt('locked-access', sealContext(row.id, 'access')),
          refresh_token_enc: v1.encrypt('locked-refresh', sealContext(row.id, 'refresh')),
        })
        .where('id', '=', row.id)
        .execute();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const locker = db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .selectFrom('data_source_credentials')
            .select('id')
            .where('id', '=', row.id)
            .forUpdate()
            .execute();
          await held;
        });
      await new Promise((r) => setTimeout(r, 100));
      const rotation = rotateTokenKeys(db(), ring);
      await new Promise((r) => setTimeout(r, 400));
      release();
      await locker;
      expect((await rotation).reencrypted).toBe(1);
      const done = await db()
        .selectFrom('data_source_credentials')
        .select('key_version')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(done.key_version).toBe('v2');
    },
  );
});

/** Rotating while servers run: no server is left holding logins it cannot read. */
describeEachDatabase('key rotation while servers run', (db) => {
  const running: FastifyInstance[] = [];
  /** A server started from TOKEN_ENCRYPTION_KEYS that has recorded its key versions. */
  async function serverWith(...keys: Array<ReturnType<typeof tokenKey>>) {
    const app = await createTestApp(db(), {
      config: testConfig({ TOKEN_ENCRYPTION_KEYS: envKeys(...keys) }),
    });
    running.push(app);
    await backgroundJobs(app).announceKeys();
    return app;
  }
  const rotateTo = (...keys: Array<ReturnType<typeof tokenKey>>) =>
    rotateKeys(db(), { tokenKeys: keys, keysDir: tempDir(), addKey: false });

  beforeEach(async () => {
    await db().deleteFrom('data_source_credentials').execute();
    await db().deleteFrom('team_webhooks').execute();
    await db().deleteFrom('server_key_rings').execute();
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });

  it('refuses while a server without the new key runs, naming it; rotates once it is gone and its replacement has the key', async () => {
    const id = await sealedLogin(db(), createTokenCipher([V1]));
    const old = await serverWith(V1);

    const refused = await rotateTo(V1, V2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KeyRotationRefused);
    const message = (refused as Error).message;
    expect(message).toContain(`${os.hostname()} pid ${process.pid}: keys v1`);
    expect(message).toContain('Add v2 to TOKEN_ENCRYPTION_KEYS on every server and restart them');
    expect((await loginRow(db(), id)).key_version).toBe('v1');

    // Gone: closed (its row is removed), or died long enough ago (its heartbeat aged out).
    await old.close();
    running.splice(running.indexOf(old), 1);
    await db()
      .insertInto('server_key_rings')
      .values({
        id: '00000000-0000-4000-8000-0000000000aa',
        label: 'crashed-host pid 1',
        key_source: 'env',
        key_versions: JSON.stringify(['v1']),
        seen_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute();
    await serverWith(V1, V2);
    expect(await rotateTo(V1, V2)).toMatchObject({ reencrypted: 1, version: 'v2' });
    const row = await loginRow(db(), id);
    expect(
      createTokenCipher([V2]).decrypt(row.access_token_enc, 'v2', sealContext(id, 'access')),
    ).toBe('sealed-access');
  });

  it('re-seals the webhook signing secrets too: dropping the old key before that is refused, after it the webhook still signs', async () => {
    const before = await startSandboxApp(db(), { env: { TOKEN_ENCRYPTION_KEYS: envKeys(V1) } });
    const owner = await signIn(before.app, before.identity, 'rotate-hook@example.com');
    const saved = await callAt(before, ENDPOINTS.saveTeamWebhook, {
      cookie: owner.cookie,
      form: { url: `${before.base}/sandbox/webhook-inbox/receive` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json().secret ?? '';
    await before.app.close();

    // v1 dropped too early: refused, naming what is still sealed under it; nothing changes.
    const early = await rotateTo(V2).catch((error: unknown) => error);
    expect((early as Error).message).toContain(
      '1 webhook signing secrets are sealed under token key v1, which is not among the keys given (v2).',
    );
    expect((early as Error).message).toContain('Add v1 back to TOKEN_ENCRYPTION_KEYS');
    expect(await rotateTo(V1, V2)).toMatchObject({ webhookSecretsResealed: 1, version: 'v2' });
    expect(await rotateTo(V1, V2)).toMatchObject({ webhookSecretsResealed: 0 });
    expect(await rotateTo(V2)).toMatchObject({ webhookSecretsResealed: 0, version: 'v2' });

    // A server holding only v2 signs the team's test event with the same secret.
    const after = await startSandboxApp(db(), { env: { TOKEN_ENCRYPTION_KEYS: envKeys(V2) } });
    running.push(after.app);
    const again = await signIn(after.app, after.identity, 'rotate-hook@example.com');
    const url = `${after.base}/sandbox/webhook-inbox/receive`;
    await callAt(after, ENDPOINTS.saveTeamWebhook, { cookie: again.cookie, form: { url } });
    const test = await callAt(after, ENDPOINTS.sendTeamWebhookTest, { cookie: again.cookie });
    expect(test.statusCode, test.body).toBe(200);
    expect(await backgroundJobs(after.app).deliverWebhooks()).toMatchObject({ delivered: 1 });
    const [received] = (await db()
      .selectFrom('sandbox_webhook_inbox' as never)
      .selectAll()
      .execute()) as Array<{ headers: Record<string, string>; body: string }>;
    const timestamp = received?.headers[WEBHOOK_TIMESTAMP_HEADER] ?? '';
    const expected = createHmac('sha256', secret)
      .update(`${timestamp}.${received?.body ?? ''}`)
      .digest('hex');
    expect(received?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(`v1=${expected}`);
  });

  it('a server on the demo key file learns a key rotate-keys --add-key adds while it runs: no login is lost', async () => {
    const dataDir = tempDir();
    const keysDir = path.join(dataDir, 'keys');
    const ctx = await startSandboxApp(db(), { env: { DATA_DIR: dataDir } });
    running.push(ctx.app);
    await backgroundJobs(ctx.app).announceKeys();
    const id = await connectedLogin(ctx, db(), 'demo-keys@example.com');
    expect((await loginRow(db(), id)).key_version).toBe('v1');

    expect(await rotateKeys(db(), { tokenKeys: undefined, keysDir, addKey: true })).toEqual({
      added: 'v2',
      reencrypted: 1,
      webhookSecretsResealed: 0,
      oauthKeysResealed: false,
      version: 'v2',
    });
    await makeDue(db(), id);
    expect(await backgroundJobs(ctx.app).refreshTokens()).toEqual({
      refreshed: 1,
      revoked: 0,
      failed: 0,
    });
    const row = await loginRow(db(), id);
    expect(row).toMatchObject({ status: 'connected', status_reason: null, key_version: 'v2' });
    const ring = openKeyRing(undefined, keysDir);
    expect(ring.decrypt(row.access_token_enc, 'v2', sealContext(id, 'access'))).toMatch(
      /^sbx_at\./,
    );
    await backgroundJobs(ctx.app).announceKeys();
    expect(
      await db().selectFrom('server_key_rings').select(['key_source', 'key_versions']).execute(),
    ).toEqual([{ key_source: 'file', key_versions: ['v1', 'v2'] }]);
  });
});

it('npm run rotate-keys -- --add-key (demo mode) refuses while a server without the key runs, then adds a key and re-encrypts', async () => {
  const dataDir = tempDir();
  const keysDir = path.join(dataDir, 'keys');
  const db = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await migrate(db);
  const demoRing = createTokenCipher(loadTokenKeys(undefined, keysDir));
  const id = await sealedLogin(db, demoRing, 'script-access');
  // The connector OAuth keys a server made at its first start, sealed under v1 too.
  const oauthKeys = await loadOauthKeys(db, demoRing, strictLog);
  // A server started from TOKEN_ENCRYPTION_KEYS on this database, heartbeat just now.
  await db
    .insertInto('server_key_rings')
    .values({
      id: '00000000-0000-4000-8000-0000000000bb',
      label: 'web-7 pid 4242',
      key_source: 'env',
      key_versions: JSON.stringify(['v1']),
    })
    .execute();
  await db.destroy();

  const rotate = () =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/scripts/rotate-keys.ts', '--add-key'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      },
    );
  const refused = await rotate().then(
    () => undefined,
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain('1 running server does not have token key v2');
  expect(refused?.stderr).toContain('web-7 pid 4242: keys v1');
  expect(loadTokenKeys(undefined, keysDir).map((k) => k.version)).toEqual(['v1']);

  const cleared = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await cleared.deleteFrom('server_key_rings').execute();
  await cleared.destroy();
  const { stderr } = await rotate();
  expect(stderr).toContain('Re-encrypted 1 credentials; all are on key v2.');
  expect(stderr).toContain('Re-sealed the connector OAuth keys under key v2.');

  const reopened = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const row = await reopened
    .selectFrom('data_source_credentials')
    .selectAll()
    .executeTakeFirstOrThrow();
  const ring = createTokenCipher(loadTokenKeys(undefined, keysDir));
  expect(row.key_version).toBe('v2');
  expect(ring.decrypt(row.access_token_enc, 'v2', sealContext(id, 'access'))).toBe('script-access');
  // Readable with v2 alone: v1 could be taken out of the key file now.
  const v2Only = createTokenCipher(
    loadTokenKeys(undefined, keysDir).filter((k) => k.version === 'v2'),
  );
  expect(await loadOauthKeys(reopened, v2Only, strictLog)).toEqual(oauthKeys);
  await reopened.destroy();
}, 90_000);
