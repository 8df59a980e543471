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
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The lifetimes the app enforces on the connector's codes and tokens, on its own clock: an
 * access token for an hour, a code for a minute, and a grant listed only while something of
 * it can still be used. A use is recorded at most once a minute.
 */
describeEachDatabase('connector grants over time', (db) => {
  const clock = testClock(new Date('2026-04-01T08:00:00Z'));
  let ctx: DataApiContext;
  let owner: SignedIn;
  let accountId: string;

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock });
    owner = await signIn(ctx.app, ctx.identity, 'lifetimes-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());

  const readSchema = (token: string) =>
    dataCall(ctx.base, token, DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account: accountId },
    });

  const startJob = (token: string) =>
    dataCall(ctx.base, token, DATA_API.createJob, {
      json: {
        account: accountId,
        fields: ['date'],
        dateRange: { startDate: '2026-01-01', endDate: '2026-01-01' },
      },
    });

  /** The owner's session cookie, signed in afresh: the clock moves past sessions' limits. */
  const session = async () =>
    (await signIn(ctx.app, ctx.identity, 'lifetimes-owner@example.com')).cookie;

  /** The owner's grants as the Data Sources screen lists them. */
  async function listed() {
    const answer = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: await session() });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().grants;
  }

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

  it('an access token works until its hour is over, not a moment longer; refreshing gives a new one', async () => {
    const tokens = await authorizeConnector(ctx, await session());
    clock.advance(HOUR - 1);
    expect((await readSchema(tokens.accessToken)).status).toBe(200);
    clock.advance(1);
    const expired = await readSchema(tokens.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });

    const refreshed = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await readSchema(String(refreshed.body.access_token))).status).toBe(200);
  });

  it('a grant stays listed on its refresh token after its access token expired', async () => {
    await authorizeConnector(ctx, await session());
    const grantId = await newestGrantId();
    clock.advance(2 * HOUR);
    expect((await listed()).map((g) => g.id)).toContain(grantId);
  });

  it('a code never redeemed expires after a minute: redeeming it then fails, its grant leaves the list', async () => {
    const { verifier, challenge } = pkce();
    const back = await consentAs(ctx, await session(), authorizeUrl(ctx.base, { challenge }));
    const grantId = await newestGrantId();
    expect((await listed()).map((g) => g.id)).toContain(grantId);
    clock.advance(MINUTE);
    expect((await listed()).map((g) => g.id)).not.toContain(grantId);
    const late = await tokenRequest(ctx.base, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
    expect(late.body).not.toHaveProperty('access_token');
  });

  it('a spent code does not keep its grant listed once its tokens expired', async () => {
    const tokens = await authorizeConnector(ctx, await session());
    const grantId = await newestGrantId();
    // The refresh token is spent (rotated) and the new pair revoked by hand: only the spent
    // code and spent refresh token remain, which nothing can use.
    const refreshed = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    await db()
      .deleteFrom('oauth_artifacts')
      .where('grant_id', '=', grantId)
      .where('consumed_at', 'is', null)
      .execute();
    expect((await listed()).map((g) => g.id)).not.toContain(grantId);
  });

  it('a use is recorded at most once a minute', async () => {
    const tokens = await authorizeConnector(ctx, await session());
    const grantId = await newestGrantId();
    const lastUsed = async () => (await listed()).find((g) => g.id === grantId)?.lastUsedAt;
    expect((await startJob(tokens.accessToken)).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBe(clock().toISOString());
    clock.advance(MINUTE);
    expect((await startJob(tokens.accessToken)).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    clock.advance(1);
    expect((await startJob(tokens.accessToken)).status).toBe(200);
    expect(await lastUsed()).toBe(clock().toISOString());
  });
});
