import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_API } from '@gds/contract';
import {
  authorizeConnector,
  dataCall,
  seedReportLogin,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';

/**
 * Every data API call and every refresh checks the token's grant and its member afresh: a
 * token nobody issued is refused, and so is one whose grant ended or whose member is no longer
 * in the team, even when that happened by a way that left the tokens in place (a row changed
 * by hand).
 */
describeEachDatabase('connector tokens checked on every call', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let accountId: string;

  beforeAll(async () => {
    ctx = await startDataApiApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'checks-owner@example.com');
    accountId = (await seedReportLogin(db(), owner.team.id)).accountIds[0] ?? '';
  });
  afterAll(() => ctx.app.close());

  const readSchema = (token: string) =>
    dataCall(ctx.base, token, DATA_API.schema, {
      params: { connector: 'google-analytics' },
      query: { account: accountId },
    });

  it('a token nobody issued, well formed or not, is refused with 401', async () => {
    for (const token of ['x'.repeat(43), 'not a token']) {
      const refused = await readSchema(token);
      expect(refused.status, token).toBe(401);
      expect(refused.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });

  it('a member moved out of the team without the app: their access and refresh tokens are refused', async () => {
    await addMember(db(), owner.team.id, 'checks-moved@example.com', 'Admin');
    const moved = await signIn(ctx.app, ctx.identity, 'checks-moved@example.com');
    const tokens = await authorizeConnector(ctx, moved.cookie);
    expect((await readSchema(tokens.accessToken)).status).toBe(200);
    const elsewhere = await signIn(ctx.app, ctx.identity, 'checks-elsewhere@example.com');
    await db()
      .updateTable('users')
      .set({ team_id: elsewhere.team.id })
      .where('id', '=', moved.user.id)
      .execute();
    expect((await readSchema(tokens.accessToken)).status).toBe(401);
    const refresh = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('a grant ended by hand (its tokens left in place) refuses its access and refresh tokens', async () => {
    const tokens = await authorizeConnector(ctx, owner.cookie);
    expect((await readSchema(tokens.accessToken)).status).toBe(200);
    await db()
      .updateTable('connector_grants')
      .set({ revoked_at: new Date() })
      .where('team_id', '=', owner.team.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect((await readSchema(tokens.accessToken)).status).toBe(401);
    const refresh = await tokenRequest(ctx.base, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });
});
