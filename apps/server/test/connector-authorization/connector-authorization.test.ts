import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API, ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import {
  REDIRECT_URI,
  authorizeConnector,
  authorizeUrl,
  consentAs,
  dataCall,
  pkce,
  seedReportLogin,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember, setPermissionsExcept } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

describeEachDatabase('connector OAuth', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let accountId: string;
  let emails = 0;

  beforeAll(async () => {
    ctx = await startDataApiApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'oauth-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());

  /** The schema of the owner's account: a read, allowed to any live grant of the team. */
  const readSchema = (token: string) =>
    dataCall(ctx.base, token, DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account: accountId },
    });

  /** The grant the owner's team made last (a consent makes one). */
  async function newestGrantId(): Promise<string> {
    const row = await db()
      .selectFrom('connector_grants')
      .select('grant_id')
      .where('team_id', '=', owner.team.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.grant_id;
  }

  /** The grants the Data Sources screen lists for the owner's team. */
  async function listedGrantIds(): Promise<string[]> {
    const listed = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    return listed.json().grants.map((g) => g.id);
  }

  /** A member of the owner's team, signed in (Member role unless `role` says otherwise). */
  async function member(role = 'Member') {
    emails += 1;
    const email = `oauth-member-${emails}@example.com`;
    await addMember(db(), owner.team.id, email, role);
    return signIn(ctx.app, ctx.identity, email);
  }

  it('a member allows the connector: PKCE code flow, tokens that read the team’s data, the grant listed', async () => {
    const tokens = await authorizeConnector(ctx, owner.cookie);
    expect(tokens.refreshToken).not.toBe('undefined');
    const schema = await readSchema(tokens.accessToken);
    expect(schema.status, schema.text).toBe(200);
    const unused = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    // Reads (schema, polls) change nothing; starting a data request is what counts as a use.
    expect(unused.json().grants[0]?.lastUsedAt).toBeNull();
    const job = await dataCall(ctx.base, tokens.accessToken, DATA_API.createJob, {
      json: {
        account: accountId,
        fields: ['date'],
        dateRange: { startDate: '2026-01-01', endDate: '2026-01-01' },
      },
    });
    expect(job.status, job.text).toBe(200);

    const listed = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    const grant = listed.json().grants[0];
    expect(grant).toMatchObject({
      user: { email: 'oauth-owner@example.com' },
      client: { name: 'Looker Studio connector' },
      revocable: true,
    });
    expect(grant?.lastUsedAt).not.toBeNull();
    // Tokens are never stored in clear: the database holds only their hashes.
    const stored = JSON.stringify(await db().selectFrom('oauth_artifacts').selectAll().execute());
    expect(stored).not.toContain(tokens.accessToken);
    expect(stored).not.toContain(tokens.refreshToken);
  });

  it('PKCE is required, S256 only: a request without it, or with plain, never reaches consent', async () => {
    for (const url of [
      authorizeUrl(ctx.base, {}),
      authorizeUrl(ctx.base, { challenge: 'a'.repeat(43), method: 'plain' }),
    ]) {
      const response = await fetch(url, { redirect: 'manual' });
      const location = new URL(response.headers.get('location') ?? '', ctx.base);
      expect(location.toString().startsWith(REDIRECT_URI)).toBe(true);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('a wrong code verifier is refused and the code is spent: the right one then gets nothing', async () => {
    const { verifier, challenge } = pkce();
    const back = await consentAs(ctx, owner.cookie, authorizeUrl(ctx.base, { challenge }));
    const grantId = await newestGrantId();
    const redeem = (codeVerifier: string) =>
      tokenRequest(ctx.base, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: codeVerifier,
      });
    const refused = await redeem(pkce().verifier);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(refused.body).not.toHaveProperty('access_token');
    const late = await redeem(verifier);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
    expect(late.body).not.toHaveProperty('access_token');
    // Its grant, which the code was the only way into, is gone from the list.
    expect(await listedGrantIds()).not.toContain(grantId);
  });

  it('a replayed code ends its grant: its tokens are refused and it leaves the list', async () => {
    const { verifier, challenge } = pkce();
    const back = await consentAs(ctx, owner.cookie, authorizeUrl(ctx.base, { challenge }));
    const grantId = await newestGrantId();
    const form = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    };
    const first = await tokenRequest(ctx.base, form);
    expect(first.status).toBe(200);
    expect(await listedGrantIds()).toContain(grantId);
    const replayed = await tokenRequest(ctx.base, form);
    expect(replayed.body.error).toBe('invalid_grant');
    expect(await listedGrantIds()).not.toContain(grantId);
    expect((await readSchema(String(first.body.access_token))).status).toBe(401);
    const refresh = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: String(first.body.refresh_token),
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('the connector revoking its access token ends the grant: it leaves the list', async () => {
    const tokens = await authorizeConnector(ctx, owner.cookie);
    const grantId = await newestGrantId();
    expect(await listedGrantIds()).toContain(grantId);
    const response = await fetch(`${ctx.base}/connector-oauth/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.accessToken,
        token_type_hint: 'access_token',
        client_id: 'looker-studio-test',
        client_secret: 'test-connector-secret-0123456789abcdef',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await listedGrantIds()).not.toContain(grantId);
    const refresh = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('Cancel returns access_denied to the connector and grants nothing', async () => {
    const before = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    const back = await consentAs(
      ctx,
      owner.cookie,
      authorizeUrl(ctx.base, { challenge: pkce().challenge }),
      'cancel',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const after = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    expect(after.json().grants).toHaveLength(before.json().grants.length);
  });

  // A spent refresh token's grace, and its refusal after it, are in refresh-reuse-grace.test.ts.
  it('refresh tokens rotate: the new pair works', async () => {
    const first = await authorizeConnector(ctx, owner.cookie);
    const refreshed = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refreshToken);
    const next = String(refreshed.body.access_token);
    expect((await readSchema(next)).status).toBe(200);
  });

  it('a revoked grant is refused on the very next call, its refresh token too', async () => {
    const tokens = await authorizeConnector(ctx, owner.cookie);
    const grantId = (
      await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie })
    ).json().grants[0]?.id;
    const revoked = await call(ctx.app, ENDPOINTS.revokeConnectorGrant, {
      params: { grantId: grantId ?? '' },
      cookie: owner.cookie,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await readSchema(tokens.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const refresh = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
    const listed = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    expect(listed.json().grants.map((g) => g.id)).not.toContain(grantId);
  });

  it('the connector revoking its refresh token ends the grant', async () => {
    const tokens = await authorizeConnector(ctx, owner.cookie);
    const response = await fetch(`${ctx.base}/connector-oauth/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refreshToken,
        token_type_hint: 'refresh_token',
        client_id: 'looker-studio-test',
        client_secret: 'test-connector-secret-0123456789abcdef',
      }).toString(),
    });
    expect(response.status).toBe(200);
    expect((await readSchema(tokens.accessToken)).status).toBe(401);
    const rows = await db()
      .selectFrom('connector_grants')
      .select('revoked_at')
      .where('team_id', '=', owner.team.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]?.revoked_at).not.toBeNull();
  });

  it("a member revokes their own grant; another member's needs manage_data_sources", async () => {
    const plain = await member();
    await setPermissionsExcept(db(), plain.user.id, ['manage_data_sources']);
    await authorizeConnector(ctx, plain.cookie);
    const ownersGrant = await authorizeConnector(ctx, owner.cookie);
    const grants = (
      await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: plain.cookie })
    ).json().grants;
    const mine = grants.find((g) => g.user?.id === plain.user.id);
    const others = grants.find((g) => g.user?.id === owner.user.id);
    expect(mine?.revocable).toBe(true);
    expect(others?.revocable).toBe(false);
    const forbidden = await call(ctx.app, ENDPOINTS.revokeConnectorGrant, {
      params: { grantId: others?.id ?? '' },
      cookie: plain.cookie,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await readSchema(ownersGrant.accessToken)).status).toBe(200);
    const own = await call(ctx.app, ENDPOINTS.revokeConnectorGrant, {
      params: { grantId: mine?.id ?? '' },
      cookie: plain.cookie,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("a removed member's token is refused at once", async () => {
    const leaving = await member('Admin');
    const tokens = await authorizeConnector(ctx, leaving.cookie);
    expect((await readSchema(tokens.accessToken)).status).toBe(200);
    const removed = await call(ctx.app, ENDPOINTS.removeTeamUser, {
      query: { id: leaving.user.id, transferTo: owner.user.id },
      cookie: owner.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await readSchema(tokens.accessToken)).status).toBe(401);
  });

  it('another team never sees or revokes the grants', async () => {
    await authorizeConnector(ctx, owner.cookie);
    const outsider = await signIn(ctx.app, ctx.identity, 'oauth-outsider@example.com');
    const theirs = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: outsider.cookie });
    expect(theirs.json().grants).toEqual([]);
    const ours = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    const refused = await call(ctx.app, ENDPOINTS.revokeConnectorGrant, {
      params: { grantId: ours.json().grants[0]?.id ?? '' },
      cookie: outsider.cookie,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('the decision needs a signed-in member and a request from the app', async () => {
    const started = await fetch(authorizeUrl(ctx.base, { challenge: pkce().challenge }), {
      redirect: 'manual',
    });
    const interaction = new URL(started.headers.get('location') ?? '', ctx.base);
    const cookies = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const anonymous = await fetch(`${interaction.toString()}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
      body: 'decision=allow',
      redirect: 'manual',
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await fetch(`${interaction.toString()}/decision`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${cookies}; ${owner.cookie}`,
        origin: 'https://evil.example',
      },
      body: 'decision=allow',
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
  });
});
