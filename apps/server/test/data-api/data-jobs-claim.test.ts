import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import { createAccessTokens } from '../../src/modules/credentials/access-token.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import { createAccountFields } from '../../src/modules/data-api/account-fields.ts';
import { createDataJobWorker } from '../../src/modules/data-api/data-job-worker.ts';
import { SandboxProviderControl } from '@gds/sandbox';
import { connectOAuth } from '../helpers/connections.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { tokenKey } from '../helpers/token-keys.ts';

describeEachDatabase('data API: jobs across instances', (db, _kind, another) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let token: string;
  let accountId: string;
  let ranges = 0;
  const control = new SandboxProviderControl();

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { sandboxProviders: control });
    owner = await signIn(ctx.app, ctx.identity, 'claim-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
    token = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  const startJob = async (account = accountId) => {
    ranges += 1;
    const day = `2026-01-${String(ranges).padStart(2, '0')}`;
    const answer = await dataCall(ctx.base, token, DATA_API.createJob, {
      json: { account, fields: ['date', 'sessions'], dateRange: { startDate: day, endDate: day } },
    });
    expect(answer.status, answer.text).toBe(200);
    return String(answer.body.jobId);
  };

  /** A second instance's worker: its own pool on PostgreSQL, the same fetchers and settings. */
  const secondWorker = () => {
    const database = another() ?? db();
    const clock = () => new Date();
    const accessTokens = createAccessTokens({
      db: database,
      clock,
      cipher: { ...createTokenCipher([tokenKey('v1', 7)]), source: 'env', reload: () => false },
      refresher: {
        refreshNow: () => Promise.resolve('busy'),
      },
      config: ctx.config,
    });
    return createDataJobWorker({
      db: database,
      clock,
      fetchers: ctx.reports.fetchers,
      accessTokens,
      accountFields: createAccountFields({
        db: database,
        clock,
        accessTokens,
        timeoutMs: ctx.config.connectorTimeoutMs,
      }),
      config: ctx.config,
      log: ctx.app.log,
    });
  };

  it('two instances running jobs at once: each job is fetched exactly once', async () => {
    const jobs = [await startJob(), await startJob(), await startJob()];
    const calls = ctx.reports.control.calls.length;
    ctx.reports.control.delayMs = 200;
    try {
      const [a, b] = await Promise.all([
        backgroundJobs(ctx.app).runDataJobs(),
        secondWorker().runOnce(),
      ]);
      expect((a?.done ?? 0) + (b?.done ?? 0)).toBe(3);
    } finally {
      ctx.reports.control.delayMs = 0;
    }
    expect(ctx.reports.control.calls.length - calls).toBe(3);
    const states = await db()
      .selectFrom('data_jobs')
      .select('state')
      .where('team_id', '=', owner.team.id)
      .where('id', 'in', jobs)
      .execute();
    expect(states.map((s) => s.state)).toEqual(['done', 'done', 'done']);
  });

  it('a job whose instance died mid-run is taken over when its lease lapses', async () => {
    const jobId = await startJob();
    await db()
      .updateTable('data_jobs')
      .set({ state: 'running', attempts: 1, lease_until: new Date(Date.now() + 60_000) })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', jobId)
      .execute();
    expect(await backgroundJobs(ctx.app).runDataJobs()).toEqual({
      done: 0,
      failed: 0,
      retried: 0,
      waited: 0,
    });
    await db()
      .updateTable('data_jobs')
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', jobId)
      .execute();
    expect(await backgroundJobs(ctx.app).runDataJobs()).toEqual({
      done: 1,
      failed: 0,
      retried: 0,
      waited: 0,
    });
    const poll = await dataCall(ctx.base, token, DATA_API.pollJob, { params: { jobId } });
    expect(poll.body.state).toBe('done');
  });

  it('an access token about to expire is refreshed (under the refresh lease) before the report', async () => {
    const sandbox = {
      ...ctx,
      host: new URL(ctx.base).host,
      control,
    };
    await connectOAuth(sandbox, owner.cookie, 1, { login: 'ga-user@example.com' });
    const credential = await db()
      .selectFrom('data_source_credentials')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .where('refresh_token_enc', 'is not', null)
      .executeTakeFirstOrThrow();
    const account = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .where('credential_id', '=', credential.id)
      .executeTakeFirstOrThrow();
    const cipher = createTokenCipher([tokenKey('v1', 7)]);
    const open = (sealed: string) =>
      cipher.decrypt(sealed, 'v1', sealContext(credential.id, 'access'));
    const before = open(credential.access_token_enc);
    await db()
      .updateTable('data_source_credentials')
      .set({ expires_at: new Date(Date.now() + 1000) })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', credential.id)
      .execute();

    await startJob(account.id);
    await backgroundJobs(ctx.app).runDataJobs();
    const after = await db()
      .selectFrom('data_source_credentials')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .where('id', '=', credential.id)
      .executeTakeFirstOrThrow();
    const used = ctx.reports.control.calls.at(-1)?.accessToken;
    expect(used).toBe(open(after.access_token_enc));
    expect(used).not.toBe(before);
    expect(after.last_refreshed_at).not.toBeNull();
    expect(after.refresh_claimed_until).toBeNull();
  });
});
