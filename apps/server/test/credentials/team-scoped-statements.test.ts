import { PostgresQueryCompiler } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import type { Db } from '../../src/db/database.ts';
import { rotateTokenKeys } from '../../src/modules/credentials/key-rotation.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startSandboxApp } from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';
import { envKeys, tokenKey } from '../helpers/token-keys.ts';

const V1 = tokenKey('v1', 31);
const V2 = tokenKey('v2', 32);
const HOUR = 3600 * 1000;

/** Every statement the app sends through `db`, compiled as PostgreSQL receives it. */
function recorded(db: Db): { db: Db; statements: string[] } {
  const compiler = new PostgresQueryCompiler();
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(compiler.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(plugin), statements };
}

const TENANT_TABLE = /"(data_source_credentials|data_source_accounts)"/;
const BY_ROW_ID = /"id" = \$\d+/;
const NAMES_TEAM = /"team_id" = \$\d+/;

/**
 * "Not found" and "not yours" are one answer only if no statement can reach another team's
 * row: every statement that picks a credential or an account by its id also names the team,
 * even where the id was just read under the team. Runs the flows that write them (connect,
 * reconnect, delete, restore, refresh, key rotation) and reads what reached the database.
 */
describeEachDatabase('statements on credentials and accounts', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  let statements: string[];
  beforeAll(async () => {
    const recorder = recorded(db());
    statements = recorder.statements;
    ctx = await startSandboxApp(recorder.db, {
      clock,
      env: { TOKEN_ENCRYPTION_KEYS: envKeys(V1) },
    });
    const owner = await signIn(ctx.app, ctx.identity, 'scoped@example.com');
    for (let round = 0; round < 2; round += 1) {
      // The second round reconnects the same person: the credential and accounts are updated.
      const { result } = await connectOAuth(ctx, owner.cookie, 1, { login: 'scoped@example.com' });
      expect(result.status).toBe('connected');
    }
    const account = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .executeTakeFirstOrThrow();
    for (const endpoint of [ENDPOINTS.deleteAccount, ENDPOINTS.restoreAccount]) {
      const answer = await callAt(ctx, endpoint, {
        params: { accountId: account.id },
        cookie: owner.cookie,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    clock.advance(HOUR - 200 * 1000);
    expect((await backgroundJobs(ctx.app).refreshTokens()).refreshed).toBe(1);
    // Rotation is refused while a running server lacks the new key: this one stops first.
    await ctx.app.close();
    expect((await rotateTokenKeys(recorder.db, createTokenCipher([V1, V2]))).reencrypted).toBe(1);
  });
  afterAll(() => ctx.app.close());

  it('every statement that picks a credential or an account by id names its team', () => {
    const byId = statements.filter((sql) => TENANT_TABLE.test(sql) && BY_ROW_ID.test(sql));
    // The flows above did reach every kind of write this rule is about.
    for (const write of ['update "data_source_credentials"', 'update "data_source_accounts"']) {
      expect(
        byId.some((sql) => sql.startsWith(write)),
        write,
      ).toBe(true);
    }
    expect(byId.filter((sql) => !NAMES_TEAM.test(sql))).toEqual([]);
  });
});
