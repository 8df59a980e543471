import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import {
  callAt,
  browserWith,
  connectOAuth,
  startConnect,
  startSandboxApp,
} from '../helpers/connections.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/** The OAuth connection as a person does it, against the sandbox provider over HTTP. */
describeEachDatabase('connecting an OAuth data source', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'connector@example.com');
  });
  afterAll(() => ctx.app.close());

  const logins = (teamId: string) =>
    db().selectFrom('data_source_credentials').selectAll().where('team_id', '=', teamId).execute();
  const accounts = (teamId: string) =>
    db().selectFrom('data_source_accounts').selectAll().where('team_id', '=', teamId).execute();

  it('start answers the consent address: own callback, state, PKCE S256, the catalog’s scopes', async () => {
    const start = await startConnect(ctx, owner.cookie, {
      integration_type: '1',
      masterEmail: 'CONNECTOR@example.com',
      business_unit: 'MEGALYTIC_GDS',
    });
    expect(start).toMatchObject({
      state: null,
      credentials: [],
      gdsRedirectUri: null,
      error: null,
    });
    const url = new URL(start.authUri ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(
      `${ctx.base}/sandbox/providers/google-analytics/authorize`,
    );
    const q = url.searchParams;
    expect(q.get('redirect_uri')).toBe(`${ctx.base}/oauth/google-analytics/callback`);
    expect(q.get('client_id')).toBe('sandbox-google-analytics');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email https://www.googleapis.com/auth/analytics.readonly');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');

    // Each provider its own callback and settings: TikTok's client_key, Pinterest's commas.
    const tiktok = new URL(
      (await startConnect(ctx, owner.cookie, { integration_type: '22' })).authUri ?? '',
    );
    expect(tiktok.searchParams.get('client_key')).toBe('sandbox-tiktok-ads');
    expect(tiktok.searchParams.get('redirect_uri')).toBe(`${ctx.base}/oauth/tiktok-ads/callback`);
    expect(tiktok.searchParams.has('code_challenge')).toBe(false);
    const pinterest = new URL(
      (await startConnect(ctx, owner.cookie, { integration_type: '21' })).authUri ?? '',
    );
    expect(pinterest.searchParams.get('scope')).toBe('ads:read,user_accounts:read');
  });

  it('the sandbox consent page names the connector and offers its accounts, Allow and Deny', async () => {
    const start = await startConnect(ctx, owner.cookie, { integration_type: '1' });
    const page = await browserWith(owner.cookie).fetch(start.authUri ?? '');
    const html = await page.text();
    expect(html).toContain('<h1>Google Analytics (sandbox)</h1>');
    expect(html).toContain('value="demo@google-analytics.example"');
    expect(html.match(/type="checkbox" name="account_\d" checked/g)).toHaveLength(3);
    expect(html).toContain('value="allow">Allow</button>');
    expect(html).toContain('value="deny" class="secondary">Deny</button>');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${ctx.base}`);
  });

  it('Allow stores the login and its accounts in one go and lands on the SPA callback', async () => {
    const { result } = await connectOAuth(ctx, owner.cookie, 1);
    expect(result).toEqual({
      status: 'connected',
      connector: 1,
      credentialName: 'demo@google-analytics.example',
      accountsAdded: 3,
      accountsSkipped: 0,
      redirectUri: null,
      error: null,
    });
    const [login] = await logins(owner.team.id);
    expect(login).toMatchObject({
      connector_id: 1,
      display_name: 'demo@google-analytics.example',
      status: 'connected',
      created_by: owner.user.id,
    });
    expect(login?.refresh_token_enc).toBeTruthy();
    expect(login?.expires_at?.getTime()).toBeGreaterThan(Date.now());
    expect((await accounts(owner.team.id)).map((a) => a.name).sort()).toEqual([
      'Google Analytics demo 1',
      'Google Analytics demo 2',
      'Google Analytics demo 3',
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .where('action', '=', 'data_source.connect')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: owner.user.id });
    expect(audit[0]?.details).toMatchObject({ connectorId: 1, accountsAdded: 3 });

    // The next start lists the team's logins of that connector.
    const again = await startConnect(ctx, owner.cookie, { integration_type: '1' });
    expect(again.credentials).toEqual([{ id: login?.id, name: 'demo@google-analytics.example' }]);
  });

  it('Deny at the provider: status denied and nothing stored', async () => {
    const member = await signIn(ctx.app, ctx.identity, 'denier@example.com');
    const { result } = await connectOAuth(ctx, member.cookie, 3, { decision: 'deny' });
    expect(result).toMatchObject({ status: 'denied', connector: 3, accountsAdded: 0 });
    expect(await logins(member.team.id)).toEqual([]);
  });

  it('reconnecting the same login updates it in place: same id, no duplicate accounts', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'reconnector@example.com');
    await connectOAuth(ctx, team.cookie, 12, { login: 'sam@example.com', uncheck: [3] });
    const [first] = await logins(team.team.id);
    const { result } = await connectOAuth(ctx, team.cookie, 12, {
      login: 'sam@example.com',
      query: { credentialId: first?.id ?? '' },
    });
    expect(result).toMatchObject({ status: 'connected', accountsAdded: 1 });
    const after = await logins(team.team.id);
    expect(after.map((l) => l.id)).toEqual([first?.id]);
    expect(after[0]?.access_token_enc).not.toBe(first?.access_token_enc);
    expect(await accounts(team.team.id)).toHaveLength(3);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('team_id', '=', team.team.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'team.create',
      'data_source.connect',
      'data_source.reconnect',
    ]);

    // Another person's login at the provider cannot stand in for this one.
    const wrong = await connectOAuth(ctx, team.cookie, 12, {
      login: 'someone-else@example.com',
      query: { credentialId: first?.id ?? '' },
    });
    expect(wrong.result.status).toBe('error');
    expect(wrong.result.error).toContain('Sign in as sam@example.com');
    expect(await logins(team.team.id)).toHaveLength(1);

    // An account the login no longer shares is flagged (not deleted) on reconnect.
    await connectOAuth(ctx, team.cookie, 12, {
      login: 'sam@example.com',
      uncheck: [2],
      query: { credentialId: first?.id ?? '' },
    });
    const flagged = await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: team.cookie });
    const shown = flagged.json().groups[0]?.credentials[0]?.accounts;
    // (Search Console names a site by its URL, the id: the sandbox answers "<login>-<n>".)
    expect(shown?.map((a) => [a.name.slice(-2), a.status])).toEqual([
      ['-1', 'connected'],
      ['-2', 'error'],
      ['-3', 'connected'],
    ]);

    // A second login of the same connector is a new credential with its own accounts.
    await connectOAuth(ctx, team.cookie, 12, { login: 'kim@example.com' });
    expect(await logins(team.team.id)).toHaveLength(2);
    expect(await accounts(team.team.id)).toHaveLength(6);
  });

  it('accounts beyond the plan’s limit are not added (accountsSkipped)', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'limited@example.com');
    await db()
      .updateTable('teams')
      .set({ account_limit: 4 })
      .where('id', '=', team.team.id)
      .execute();
    ctx.control.accountsPerLogin = 3;
    const first = await connectOAuth(ctx, team.cookie, 13, { login: 'a@example.com' });
    expect(first.result).toMatchObject({ accountsAdded: 3, accountsSkipped: 0 });
    const second = await connectOAuth(ctx, team.cookie, 13, { login: 'b@example.com' });
    expect(second.result).toMatchObject({ accountsAdded: 1, accountsSkipped: 2 });
    expect(await accounts(team.team.id)).toHaveLength(4);
  });

  it('a dashboard tool’s allow-listed return address comes back on success', async () => {
    const redirectUri = 'https://lookerstudio.google.com/datasources/create?connectorId=x';
    const { start, result } = await connectOAuth(ctx, owner.cookie, 19, { query: { redirectUri } });
    expect(start.gdsRedirectUri).toBe(redirectUri);
    expect(result.redirectUri).toBe(redirectUri);
  });

  it('connectors whose login is its one account, and JSON-bodied APIs, connect the same way', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'variety@example.com');
    await db()
      .updateTable('teams')
      .set({ addons: JSON.stringify(['hubspot-analytics', 'bing-ads']) })
      .where('id', '=', team.team.id)
      .execute();
    for (const id of [9, 2, 8, 25, 18, 26]) {
      const { result } = await connectOAuth(ctx, team.cookie, id);
      expect(result.status, `connector ${id}: ${result.error}`).toBe('connected');
    }
    const grouped = await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: team.cookie });
    const groups = grouped.json().groups;
    expect(groups.map((g) => g.connectorId).sort((a, b) => a - b)).toEqual([2, 8, 9, 18, 25, 26]);
  });
});
