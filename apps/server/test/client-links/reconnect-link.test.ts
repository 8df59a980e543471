import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_LINK_PATH_PREFIX, DATA_API, ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { connectAsClient } from '../helpers/client-links.ts';
import {
  authorizeConnector,
  dataCall,
  startConnectorSandboxApp,
} from '../helpers/connector-authorization.ts';
import { callAt, seedLogin } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf, outboxFor } from '../helpers/team-management.ts';

const CLIENT_EMAIL = 'owner@client-brand.com';
const CLIENT_LOGIN = 'analytics@client-brand.com';

/**
 * A client's login stops working at the provider; the agency asks the client to reconnect it,
 * the client follows the emailed link and signs in again at the sandbox provider, and the same
 * credential and accounts work again: a Looker Studio data job on the account works before and
 * after with the same account id.
 */
describeEachDatabase('client links: a client reconnects their login', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  let bearer: string;
  let ranges = 0;

  beforeAll(async () => {
    ctx = await startConnectorSandboxApp(db(), {
      env: {
        RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE: '10000',
      },
    });
    ctx.control.accountsPerLogin = 1;
    owner = await signIn(ctx.app, ctx.identity, 'reconnect-agency@example.com');
    bearer = (await authorizeConnector(ctx, owner.cookie)).accessToken;
  });
  afterAll(() => ctx.app.close());

  const tokenOf = (text: string) =>
    new RegExp(`${CLIENT_LINK_PATH_PREFIX}([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? '';
  const credentialOf = (id: string) =>
    db()
      .selectFrom('data_source_credentials')
      .select(['id', 'status', 'display_name', 'external_user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const info = (token: string) => callAt(ctx, ENDPOINTS.getClientLinkInfo, { query: { token } });

  /** A data job on the account, run by the worker: answers its final poll. */
  async function runJob(account: string) {
    ranges += 1;
    const day = `2026-02-${String(ranges).padStart(2, '0')}`;
    const started = await dataCall(ctx.base, bearer, DATA_API.createJob, {
      json: { account, fields: ['date', 'sessions'], dateRange: { startDate: day, endDate: day } },
    });
    expect(started.status, started.text).toBe(200);
    const jobId = String(started.body.jobId);
    await backgroundJobs(ctx.app).runDataJobs();
    return dataCall(ctx.base, bearer, DATA_API.pollJob, { params: { jobId }, query: { page: 1 } });
  }

  it('the emailed link re-authorizes the same credential; another login stores nothing', async () => {
    // The client connects their login through a first link.
    const created = await callAt(ctx, ENDPOINTS.createClientLink, {
      cookie: owner.cookie,
      form: { connectorId: '1', sendEmail: 'false' },
    });
    const first = await connectAsClient(ctx, tokenOf(created.json().url), CLIENT_EMAIL, {
      login: CLIENT_LOGIN,
    });
    expect(first.result.json().result.status).toBe('connected');
    const account = await db()
      .selectFrom('data_source_accounts')
      .select(['id', 'credential_id'])
      .where('team_id', '=', owner.team.id)
      .where('connector_id', '=', 1)
      .executeTakeFirstOrThrow();
    const before = await credentialOf(account.credential_id);
    expect((await runJob(account.id)).body).toMatchObject({ state: 'done' });

    // The client's login is revoked at the provider: its jobs fail until it is reconnected.
    ctx.control.revoke('google-analytics', CLIENT_LOGIN);
    const broken = await runJob(account.id);
    expect(broken.body).toMatchObject({ state: 'failed' });

    // The plan is full: reconnecting adds no account, so nothing stops it.
    await db()
      .updateTable('teams')
      .set({ account_limit: 1 })
      .where('id', '=', owner.team.id)
      .execute();

    // One action: the link goes to the client who connected the login.
    const asked = await callAt(ctx, ENDPOINTS.askToReconnect, {
      cookie: owner.cookie,
      form: { credentialId: account.credential_id },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      emailSent: true,
      link: {
        credentialId: account.credential_id,
        recipientEmail: CLIENT_EMAIL,
        multiUse: false,
        status: 'active',
      },
    });
    const mail = (await outboxFor(db(), CLIENT_EMAIL)).at(-1);
    expect(mail?.subject).toBe(
      `reconnect-agency Tester asks you to reconnect your Google Analytics login ${CLIENT_LOGIN} for ${owner.team.name}`,
    );
    const token = tokenOf(mail?.text_body ?? '');
    expect(mail?.text_body).toContain(`${ctx.base}${CLIENT_LINK_PATH_PREFIX}${token}`);
    expect((await info(token)).json()).toMatchObject({
      status: 'active',
      reconnectLogin: CLIENT_LOGIN,
      recipientEmail: CLIENT_EMAIL,
      blockedReason: null,
    });

    // Another login at the provider: refused with the reason, nothing stored, link still usable.
    const wrong = await connectAsClient(ctx, token, CLIENT_EMAIL, {
      login: 'someone-else@client-brand.com',
    });
    expect(wrong.result.json().result).toMatchObject({
      status: 'error',
      accountsAdded: 0,
      error: `You signed in to Google Analytics with another account than the login you are reconnecting (${CLIENT_LOGIN}). Sign in as ${CLIENT_LOGIN} and try again.`,
    });
    const credentials = await db()
      .selectFrom('data_source_credentials')
      .select('display_name')
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(credentials.map((c) => c.display_name)).toEqual([CLIENT_LOGIN]);
    expect((await runJob(account.id)).body).toMatchObject({ state: 'failed' });
    expect((await info(token)).json().status).toBe('active');

    // The same login: the very credential is connected again, its account keeps its id.
    const again = await connectAsClient(ctx, token, CLIENT_EMAIL, { login: CLIENT_LOGIN });
    expect(again.result.json().result).toMatchObject({ status: 'connected', error: null });
    expect(await credentialOf(account.credential_id)).toEqual({ ...before, status: 'connected' });
    const accounts = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(accounts).toEqual([{ id: account.id }]);
    const job = await runJob(account.id);
    expect(job.status, job.text).toBe(200);
    expect(job.body).toMatchObject({ state: 'done' });

    // The team sees it connected; the link is used up and the use is in the activity log.
    const grouped = (await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie })).json();
    const shown = grouped.groups.flatMap((g) => g.credentials);
    expect(shown).toEqual([
      expect.objectContaining({ id: account.credential_id, status: 'connected' }),
    ]);
    expect((await info(token)).json().status).toBe('used');
    const uses = await auditOf(db(), owner.team.id, 'client_link.use');
    expect(uses.at(-1)?.details).toMatchObject({
      credentialId: account.credential_id,
      reconnected: true,
      email: CLIENT_EMAIL,
    });
  });

  it('a login nobody is on record for needs an email typed in; another team’s is not found', async () => {
    const own = await seedLogin(db(), owner.team.id, { userId: owner.user.id, accounts: 0 });
    const ask = (form: Record<string, string>) =>
      callAt(ctx, ENDPOINTS.askToReconnect, { cookie: owner.cookie, form });
    const missing = await ask({ credentialId: own.credentialId });
    expect(missing.statusCode).toBe(400);
    expect(missing.error()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'No one is on record as the owner of this login. Type the email of the person who signs in to it.',
    });
    const typed = await ask({ credentialId: own.credentialId, recipientEmail: 'it@brand.com' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await outboxFor(db(), 'it@brand.com')).length).toBe(1);

    const other = await signIn(ctx.app, ctx.identity, 'reconnect-other@example.com');
    const theirs = await seedLogin(db(), other.team.id, { accounts: 0 });
    const refused = await ask({ credentialId: theirs.credentialId, recipientEmail: 'x@brand.com' });
    expect(refused.statusCode).toBe(404);
    expect(await outboxFor(db(), 'x@brand.com')).toEqual([]);
  });
});
