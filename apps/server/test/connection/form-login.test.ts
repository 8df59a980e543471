import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext, StartQuery } from '../helpers/connections.ts';
import { callAt, startConnect, startSandboxApp } from '../helpers/connections.ts';
import { storedSecrets } from '../helpers/secrets.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/** submitFormLogin: form logins verified with the (sandbox) provider first. */
describeEachDatabase('connecting a form-login data source', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db(), { env: { CONNECTOR_TIMEOUT_MS: '600' } });
    owner = await signIn(ctx.app, ctx.identity, 'former@example.com');
  });
  afterAll(() => ctx.app.close());
  afterEach(() => ctx.control.heal());

  const submit = (form: Record<string, string>, cookie = owner.cookie) =>
    callAt(ctx, ENDPOINTS.submitFormLogin, { form, cookie });
  const stateFor = async (connectorId: number, query: StartQuery = {}, cookie = owner.cookie) =>
    (await startConnect(ctx, cookie, { integration_type: connectorId, ...query })).state ?? '';
  const logins = (teamId = owner.team.id) =>
    db().selectFrom('data_source_credentials').selectAll().where('team_id', '=', teamId).execute();

  it('the demo API key connects CallRail: stored encrypted, accounts found, audited', async () => {
    const response = await submit({
      state: await stateFor(11),
      apiKey: 'demo-key',
      accountId: '555',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      redirectUri: null,
      credential: { name: 'Demo CallRail login' },
      accountsAdded: 3,
      accountsSkipped: 0,
      error: null,
    });
    expect(response.body).not.toContain('demo-key');
    const [login] = await logins();
    expect(login?.id).toBe(body.credential?.id);
    expect(login?.access_token_enc).not.toContain('demo-key');
    expect(login?.refresh_token_enc).toBeNull();
    expect(login?.expires_at).toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('team_id', '=', owner.team.id)
      .where('action', 'like', 'data_source.%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['data_source.connect']);
  });

  it('the same login again updates it in place; Basic-auth connectors work the same way', async () => {
    await submit({ state: await stateFor(11), apiKey: 'demo-key', accountId: '555' });
    const basic = await submit({
      state: await stateFor(24),
      apiToken: 'token-1',
      apiSecret: 'demo-key',
    });
    expect(basic.json()).toMatchObject({ success: true, accountsAdded: 3 });
    expect((await logins()).map((l) => l.connector_id).sort()).toEqual([11, 24]);
  });

  it('a wrong key: success false, nothing stored, the accounts are never asked for', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'wrong-key@example.com');
    const accountsCalls = ctx.control.count('accounts', 'callrail');
    const response = await submit(
      { state: await stateFor(11, {}, team.cookie), apiKey: 'not-the-key', accountId: '1' },
      team.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: false,
      redirectUri: null,
      credential: null,
      accountsAdded: 0,
      accountsSkipped: 0,
      error: 'CallRail did not accept these details. Check them and try again.',
    });
    expect(ctx.control.count('accounts', 'callrail')).toBe(accountsCalls);
    expect(await logins(team.team.id)).toEqual([]);
  });

  it('replacing the key of a stored login: checked first, a field left empty keeps its value, ids kept', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'rotate-key@example.com');
    const connected = await submit(
      { state: await stateFor(11, {}, team.cookie), apiKey: 'demo-key old', accountId: '555' },
      team.cookie,
    );
    const credentialId = connected.json().credential?.id ?? '';
    const accountsOf = () =>
      db()
        .selectFrom('data_source_accounts')
        .select('id')
        .where('team_id', '=', team.team.id)
        .orderBy('id')
        .execute();
    const accounts = await accountsOf();
    expect(accounts).toHaveLength(3);
    const replace = async (fields: Record<string, string>) =>
      submit({ state: await stateFor(11, { credentialId }, team.cookie), ...fields }, team.cookie);

    // A key the provider refuses: said why, and the stored key stays in use.
    const refused = await replace({ apiKey: 'not-the-key', accountId: '' });
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'CallRail did not accept these details. Check them and try again.',
    });
    expect(await storedSecrets(db(), credentialId)).toMatchObject({
      access: JSON.stringify({ apiKey: 'demo-key old', accountId: '555' }),
    });

    // The new key only: the account id is kept, the login and its accounts keep their ids.
    const replaced = await replace({ apiKey: 'demo-key new', accountId: '' });
    expect(replaced.json()).toMatchObject({
      success: true,
      credential: { id: credentialId },
      accountsAdded: 0,
    });
    expect(replaced.body).not.toContain('demo-key');
    expect(await storedSecrets(db(), credentialId)).toMatchObject({
      access: JSON.stringify({ apiKey: 'demo-key new', accountId: '555' }),
    });
    expect(await accountsOf()).toEqual(accounts);
    expect(await logins(team.team.id)).toHaveLength(1);
  });

  it('fields must be exactly the connector’s, all filled; a typo does not use up the state', async () => {
    const state = await stateFor(11);
    const missing = await submit({ state, apiKey: 'demo-key' });
    expect(missing.statusCode).toBe(400);
    expect(missing.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'accountId' });
    const blank = await submit({ state, apiKey: '  ', accountId: '1' });
    expect(blank.error()).toMatchObject({ field: 'apiKey', message: 'API key is required.' });
    const extra = await submit({ state, apiKey: 'demo-key', accountId: '1', password: 'x' });
    expect(extra.error()).toMatchObject({ field: 'password' });
    expect((await submit({ state, apiKey: 'demo-key', accountId: '1' })).json().success).toBe(true);
  });

  it('the state is single-use, this session’s, and a form state only', async () => {
    const stale = 'This login form has expired. Close it and connect again.';
    const state = await stateFor(11);
    expect((await submit({ state, apiKey: 'demo-key', accountId: '1' })).json().success).toBe(true);
    expect((await submit({ state, apiKey: 'demo-key', accountId: '1' })).json().error).toBe(stale);
    const stranger = await signIn(ctx.app, ctx.identity, 'form-stranger@example.com');
    const theirs = await submit(
      { state: await stateFor(11), apiKey: 'demo-key', accountId: '1' },
      stranger.cookie,
    );
    expect(theirs.json().error).toBe(stale);
    const oauthState =
      new URL(
        (await startConnect(ctx, owner.cookie, { integration_type: '1' })).authUri ?? '',
      ).searchParams.get('state') ?? '';
    expect(
      (await submit({ state: oauthState, apiKey: 'demo-key', accountId: '1' })).json().error,
    ).toBe(stale);
    expect((await submit({ apiKey: 'demo-key', accountId: '1' })).json().error).toBe(stale);
  });

  it('a return address from the dashboard tool comes back on success', async () => {
    const redirectUri = 'https://script.google.com/macros/d/abc/usercallback';
    const state = await stateFor(11, { redirectUri });
    const body = (await submit({ state, apiKey: 'demo-key', accountId: '9' })).json();
    expect(body.redirectUri).toBe(redirectUri);
  });

  it('the provider failing or hanging: 502 with a retryable message within the timeout, nothing stored', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'form-outage@example.com');
    for (const fault of ['fail', 'hang'] as const) {
      if (fault === 'fail') ctx.control.fail('verify', 500);
      else ctx.control.hang('verify');
      const startedAt = Date.now();
      const response = await submit(
        { state: await stateFor(11, {}, team.cookie), apiKey: 'demo-key', accountId: '1' },
        team.cookie,
      );
      expect(Date.now() - startedAt).toBeLessThan(600 + 1500);
      expect(response.statusCode).toBe(502);
      expect(response.error().message).toMatch(
        /^CallRail (is not available right now|did not answer in time)\. Please try again/,
      );
      ctx.control.heal();
    }
    expect(await logins(team.team.id)).toEqual([]);
  });
});
