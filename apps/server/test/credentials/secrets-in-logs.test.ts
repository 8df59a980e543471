import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { SANDBOX_DEVELOPER_TOKEN, loadSandboxProviderKey, sandboxClientSecret } from '@gds/sandbox';
import type { SandboxCallKind, SandboxFault } from '@gds/sandbox';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { callAt, connectOAuth, startConnect, startSandboxApp } from '../helpers/connections.ts';
import { distinctSecret, expectNoSecretIn, readableLog } from '../helpers/secrets.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const HOUR = 60 * 60 * 1000;
/** Every way a provider call can go wrong, as the sandbox plays it. */
/** Faults these tests inject (a rate limit has its own tests): each has a name for an email. */
const FAULTS: ReadonlyArray<Exclude<SandboxFault, { rateLimitSeconds: number }>> = [
  503,
  'hang',
  'reset',
  'not-json',
  'echo',
  401,
];

/**
 * Tokens and API keys never reach a log line, however a connect or a refresh fails: distinct
 * secret values go through every failure path (form login, the OAuth code exchange, account
 * discovery, refresh) against a sandbox that fails, hangs, drops the connection, answers
 * something that is not JSON, quotes the credentials back, or issues a token no header can
 * carry. The server logs at trace level with its own logger settings.
 */
describeEachDatabase('no secret in any log line, whatever fails', (db) => {
  const clock = testClock(new Date());
  const lines: string[] = [];
  const answers: string[] = [];
  const secrets: string[] = [];
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), {
      clock,
      env: { LOG_LEVEL: 'trace', CONNECTOR_TIMEOUT_MS: '500' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    owner = await signIn(ctx.app, ctx.identity, 'leaky@example.com');
  });
  afterAll(() => ctx.app.close());

  const breakCalls = (kind: SandboxCallKind, fault: SandboxFault) => {
    ctx.control.heal();
    if (typeof fault === 'number') ctx.control.fail(kind, fault);
    else if (fault === 'hang') ctx.control.hang(kind);
    else ctx.control.misbehave(kind, fault);
  };

  const formLogin = async (connectorId: number, fields: Record<string, string>) => {
    const start = await startConnect(ctx, owner.cookie, { integration_type: connectorId });
    const response = await callAt(ctx, ENDPOINTS.submitFormLogin, {
      form: { state: start.state ?? '', ...fields },
      cookie: owner.cookie,
    });
    answers.push(response.body);
    // Refused (200 success false or 400) or the provider's fault (502): never our own 500.
    expect([200, 400, 502], response.body).toContain(response.statusCode);
    return response;
  };

  const oauthConnect = async (login: string) => {
    const done = await connectOAuth(ctx, owner.cookie, 1, { login });
    const redirect = new URL(done.providerRedirect);
    secrets.push(redirect.searchParams.get('code') ?? '', redirect.searchParams.get('state') ?? '');
    answers.push(JSON.stringify(done.result)); // what the result page shows after connecting
    return done.result;
  };

  it('form login: a refused key and every verification fault', async () => {
    for (const fault of [undefined, ...FAULTS]) {
      if (fault !== undefined) breakCalls('verify', fault);
      const apiKey = distinctSecret();
      const apiSecret = distinctSecret();
      secrets.push(apiKey, apiSecret);
      await formLogin(11, { apiKey, accountId: '77' });
      await formLogin(24, { apiToken: distinctSecret(), apiSecret });
    }
    ctx.control.heal();
    for (const apiKey of [`${distinctSecret()}\n${distinctSecret()}`, `€${distinctSecret()}`]) {
      secrets.push(...apiKey.split(/[\n€]/));
      expect((await formLogin(11, { apiKey, accountId: '77' })).statusCode).toBe(400);
    }
  });

  it('form login: account discovery failing after a good key', async () => {
    secrets.push('demo-key');
    for (const fault of FAULTS) {
      breakCalls('accounts', fault);
      const answer = await formLogin(11, { apiKey: 'demo-key', accountId: '77' });
      // A 502 carries the error shape, a refusal success: false; never success.
      if (answer.statusCode === 200) expect(answer.json().success).toBe(false);
      else expect(answer.error().code).toBe('BAD_GATEWAY');
    }
    ctx.control.heal();
  });

  it('OAuth: the code exchange and account discovery, each fault; a token no header can carry', async () => {
    for (const kind of ['token', 'userinfo', 'accounts'] as const) {
      for (const fault of FAULTS) {
        breakCalls(kind, fault);
        expect((await oauthConnect(`${kind}-${String(fault)}@example.com`)).status).toBe('error');
      }
    }
    ctx.control.heal();
    ctx.control.unsendableTokens = true;
    expect((await oauthConnect('unsendable@example.com')).status).toBe('error');
    ctx.control.unsendableTokens = false;
  });

  it('refresh: every fault, and a refreshed token no header can carry', async () => {
    const refresh = () => backgroundJobs(ctx.app).refreshTokens();
    // A fresh login each time: a refusal (echo, 401) ends a login's refreshes for good.
    for (const fault of [...FAULTS, 'unsendable token'] as const) {
      ctx.control.heal();
      expect((await oauthConnect(`refresh-${fault}@example.com`)).status).toBe('connected');
      if (fault === 'unsendable token') ctx.control.unsendableTokens = true;
      else breakCalls('refresh', fault);
      clock.advance(HOUR);
      const summary = await refresh();
      expect(summary.refreshed).toBe(0);
      expect(summary.failed + summary.revoked).toBeGreaterThan(0);
    }
    ctx.control.unsendableTokens = false;
    ctx.control.heal();
  });

  it('no log line holds any of those secrets, or a piece of one', () => {
    const key = loadSandboxProviderKey(path.join(ctx.config.dataDir, 'keys'));
    const all = [
      ...secrets,
      ...ctx.control.issuedTokens.flatMap((token) => token.split('\n')),
      sandboxClientSecret(key, 'google-analytics'),
      SANDBOX_DEVELOPER_TOKEN,
    ].filter((secret) => secret !== '');
    expect(ctx.control.issuedTokens.length).toBeGreaterThanOrEqual(4);
    const log = readableLog(lines);
    // The failures were logged: the test looks where secrets would be.
    for (const logged of [
      'form login failed at the provider',
      'connecting a data source failed at the provider',
      'refresh failed; will retry',
    ]) {
      expect(log).toContain(logged);
    }
    expectNoSecretIn(log, all);
    expectNoSecretIn(answers.join('\n'), all);
  });
});
