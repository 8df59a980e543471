import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { hashToken } from '../../src/modules/sessions/session-token.ts';
import { TinyBrowser } from '../helpers/browser.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext, StartQuery } from '../helpers/connections.ts';
import {
  callAt,
  browserWith,
  callback,
  callbackLocation,
  consent,
  readResult,
  startConnect,
  startSandboxApp,
} from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const STORED = 'https://script.google.com/macros/d/stored/usercallback';
const FORGED = 'https://script.google.com/macros/s/ANY/exec';

/**
 * /data-sources/callback shows only what the server confirms for this browser session: the
 * OAuth callback records the outcome and sends an opaque id; the API answers it to the session
 * that finished the connection, for 10 minutes, with the return address stored at start.
 */
describeEachDatabase('connection results are the server’s, for this session only', (db) => {
  const clock = testClock(new Date());
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { clock });
    owner = await signIn(ctx.app, ctx.identity, 'result-owner@example.com');
  });
  afterAll(() => ctx.app.close());

  const resultRows = () => db().selectFrom('connection_results').select('id_hash').execute();

  /** Starts and approves a connection; answers the provider's redirect back to us. */
  async function approved(query: StartQuery = {}, cookie = owner.cookie) {
    const start = await startConnect(ctx, cookie, { integration_type: '1', ...query });
    return new URL(await consent(browserWith(cookie), start.authUri ?? ''));
  }
  /** A finished connection's result id, as the page gets it. */
  async function resultId(query: StartQuery = {}) {
    const location = await callbackLocation(
      browserWith(owner.cookie),
      String(await approved(query)),
    );
    return location.searchParams.get('id') ?? '';
  }

  it('the page gets only an opaque id; the API answers the outcome to this session', async () => {
    const location = await callbackLocation(
      browserWith(owner.cookie),
      String(await approved({ redirectUri: STORED })),
    );
    expect([...location.searchParams.keys()]).toEqual(['id']);
    const id = location.searchParams.get('id') ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await readResult(browserWith(owner.cookie), ctx.base, id);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      status: 'connected',
      connector: 1,
      credentialName: 'demo@google-analytics.example',
      accountsAdded: 3,
      accountsSkipped: 0,
      redirectUri: STORED,
      error: null,
    });
    // Reading uses nothing up (a reload shows it again), and only the id's hash is stored.
    expect((await readResult(browserWith(owner.cookie), ctx.base, id)).status).toBe(200);
    const hashes = (await resultRows()).map((row) => row.id_hash);
    expect(hashes).toContain(hashToken(id));
    expect(hashes).not.toContain(id);
  });

  it('another session of the same user, another user, an unknown id: 404; no session: 401', async () => {
    const id = await resultId();
    const again = await signIn(ctx.app, ctx.identity, 'result-owner@example.com');
    const stranger = await signIn(ctx.app, ctx.identity, 'result-stranger@example.com');
    const notFound = { code: 'NOT_FOUND', message: 'There is no connection result to show.' };
    for (const [cookie, asked] of [
      [again.cookie, id],
      [stranger.cookie, id],
      [owner.cookie, 'x'.repeat(43)],
    ] as const) {
      const response = await readResult(browserWith(cookie), ctx.base, asked);
      expect(response.status).toBe(404);
      expect(response.error()).toEqual(notFound);
    }
    expect((await readResult(new TinyBrowser(), ctx.base, id)).status).toBe(401);
    expect((await readResult(browserWith(owner.cookie), ctx.base, id)).status).toBe(200);
  });

  it('a result expires after 10 minutes, and the hourly purge removes it', async () => {
    const id = await resultId();
    clock.advance(10 * 60 * 1000 - 1000);
    expect((await readResult(browserWith(owner.cookie), ctx.base, id)).status).toBe(200);
    clock.advance(1001);
    expect((await readResult(browserWith(owner.cookie), ctx.base, id)).status).toBe(404);
    await backgroundJobs(ctx.app).purge();
    expect((await resultRows()).map((row) => row.id_hash)).not.toContain(hashToken(id));
  });

  it('the return address is only the one stored at start: the callback’s query adds none', async () => {
    for (const [query, expected] of [
      [{}, null],
      [{ redirectUri: STORED }, STORED],
    ] as const) {
      const back = await approved(query);
      back.searchParams.set('redirectUri', FORGED);
      back.searchParams.set('status', 'connected');
      const result = await callback(browserWith(owner.cookie), String(back));
      expect(result).toMatchObject({ status: 'connected', redirectUri: expected });
    }
    // Denied keeps the stored address for "Try again"; a state that does not match has none.
    const denied = await approved({ redirectUri: STORED });
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    expect(await callback(browserWith(owner.cookie), String(denied))).toMatchObject({
      status: 'denied',
      redirectUri: STORED,
    });
    const stale = await approved({ redirectUri: STORED });
    stale.searchParams.set('state', 'y'.repeat(43));
    expect(await callback(browserWith(owner.cookie), String(stale))).toMatchObject({
      status: 'error',
      redirectUri: null,
    });
  });

  it('a callback without a session records nothing and gives the page no id', async () => {
    const back = await approved({ redirectUri: STORED });
    const before = await resultRows();
    const location = await callbackLocation(new TinyBrowser(), String(back));
    expect(location.search).toBe('');
    expect(await resultRows()).toEqual(before);
  });

  it('form login (submitFormLogin) answers only the address stored at start', async () => {
    const submit = (form: Record<string, string>) =>
      callAt(ctx, ENDPOINTS.submitFormLogin, { form, cookie: owner.cookie });
    const stateFor = async (query: StartQuery) =>
      (await startConnect(ctx, owner.cookie, { integration_type: '11', ...query })).state ?? '';

    const state = await stateFor({ redirectUri: STORED });
    const forged = await submit({ state, apiKey: 'demo-key', accountId: '1', redirectUri: FORGED });
    expect(forged.statusCode).toBe(400);
    expect(forged.error()).toMatchObject({ field: 'redirectUri' });
    const stored = await submit({ state, apiKey: 'demo-key', accountId: '1' });
    expect(stored.json()).toMatchObject({ success: true, redirectUri: STORED });

    const none = await submit({ state: await stateFor({}), apiKey: 'demo-key', accountId: '2' });
    expect(none.json()).toMatchObject({ success: true, redirectUri: null });
  });
});
