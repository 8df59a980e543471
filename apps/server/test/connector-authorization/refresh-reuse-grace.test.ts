import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API, ENDPOINTS } from '@gds/contract';
const REFRESH_REUSE_GRACE_SECONDS = 30;
import { call } from '../helpers/contract-call.ts';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { testClock } from '../helpers/test-app.ts';

const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;

/**
 * Looker Studio runs each chart as its own execution, at once: when the access token lapses
 * they all refresh with one refresh token. They all get working tokens and the grant stands;
 * the same refresh token presented after the grace is taken for a stolen copy.
 */
describeEachDatabase('connector refresh token reuse', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let accountId: string;
  const clock = testClock(new Date());

  beforeAll(async () => {
    ctx = await startDataApiApp(db(), { clock });
    owner = await signIn(ctx.app, ctx.identity, 'refresh-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());

  const readSchema = (token: string) =>
    dataCall(ctx.base, token, DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account: accountId },
    });
  const refresh = (refreshToken: string) =>
    tokenRequest(ctx.base, { grant_type: 'refresh_token', refresh_token: refreshToken });
  const listedGrantCount = async () =>
    (await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie })).json().grants
      .length;

  it('parallel refreshes with one refresh token all get working tokens; the grant stands', async () => {
    const first = await authorizeConnector(ctx, owner.cookie);
    const grants = await listedGrantCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(first.refreshToken)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const answer of answers) {
      expect((await readSchema(String(answer.body.access_token))).status).toBe(200);
    }
    // Each new refresh token works too, and the grant is still listed.
    const again = await refresh(String(answers[7]?.body.refresh_token));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await listedGrantCount()).toBe(grants);
  });

  it('a refresh token presented after the grace ends the grant with all its tokens', async () => {
    const first = await authorizeConnector(ctx, owner.cookie);
    const grants = await listedGrantCount();
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    clock.advance(GRACE_MS + 1000);
    const replayed = await refresh(first.refreshToken);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe('invalid_grant');
    expect((await readSchema(String(rotated.body.access_token))).status).toBe(401);
    expect((await refresh(String(rotated.body.refresh_token))).body.error).toBe('invalid_grant');
    expect(await listedGrantCount()).toBe(grants - 1);
  });

  it('using a spent refresh token within the grace does not stretch it', async () => {
    const first = await authorizeConnector(ctx, owner.cookie);
    expect((await refresh(first.refreshToken)).status).toBe(200);
    clock.advance(GRACE_MS * 0.6);
    expect((await refresh(first.refreshToken)).status).toBe(200);
    clock.advance(GRACE_MS * 0.6);
    const late = await refresh(first.refreshToken);
    expect(late.body.error).toBe('invalid_grant');
  });
});
