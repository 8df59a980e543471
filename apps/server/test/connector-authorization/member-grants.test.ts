import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import {
  authorizeConnector,
  startDataApiApp,
  tokenRequest,
} from '../helpers/connector-authorization.ts';
import type { DataApiContext } from '../helpers/connector-authorization.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { invite } from '../helpers/team-management.ts';

describeEachDatabase('connector grants end with the member’s access', (db) => {
  let ctx: DataApiContext;
  let owner: SignedIn;
  let emails = 0;

  beforeAll(async () => {
    ctx = await startDataApiApp(db());
    owner = await signIn(ctx.app, ctx.identity, 'grants-owner@example.com');
  });
  afterAll(() => ctx.app.close());

  async function member(email = `grants-member-${(emails += 1)}@example.com`) {
    await addMember(db(), owner.team.id, email, 'Admin');
    return signIn(ctx.app, ctx.identity, email);
  }

  /** The token endpoint's answer to a refresh with this token. */
  const refresh = (refreshToken: string) =>
    tokenRequest(ctx.base, { grant_type: 'refresh_token', refresh_token: refreshToken });

  /** Nothing of the member's grants is left: no grant listed, no code or token stored. */
  async function expectNothingLeft(userId: string) {
    const listed = await call(ctx.app, ENDPOINTS.getConnectorGrants, { cookie: owner.cookie });
    expect(listed.json().grants.filter((g) => g.user?.id === userId)).toEqual([]);
    const artifacts = await db()
      .selectFrom('oauth_artifacts')
      .select(['model', 'payload'])
      .where('model', 'in', ['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'])
      .execute();
    const subject = `${owner.team.id}.${userId}`;
    expect(artifacts.filter((row) => row.payload.accountId === subject)).toEqual([]);
  }

  it('a removed member’s refresh token gets invalid_grant, also after they are invited back', async () => {
    const email = 'grants-removed@example.com';
    const leaving = await member(email);
    const tokens = await authorizeConnector(ctx, leaving.cookie);
    const removed = await call(ctx.app, ENDPOINTS.removeTeamUser, {
      query: { id: leaving.user.id, transferTo: owner.user.id },
      cookie: owner.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await refresh(tokens.refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    await expectNothingLeft(leaving.user.id);

    await member(email);
    expect((await refresh(tokens.refreshToken)).body.error).toBe('invalid_grant');
  });

  it('a member who leaves the team: their refresh token gets invalid_grant', async () => {
    const leaving = await member();
    const tokens = await authorizeConnector(ctx, leaving.cookie);
    const left = await call(ctx.app, ENDPOINTS.leaveTeam, {
      form: { transferTo: owner.user.id },
      cookie: leaving.cookie,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await refresh(tokens.refreshToken)).body.error).toBe('invalid_grant');
    await expectNothingLeft(leaving.user.id);
  });

  it('a member who moves to another team by invitation: their refresh token gets invalid_grant', async () => {
    const moving = await member();
    const tokens = await authorizeConnector(ctx, moving.cookie);
    const host = await signIn(ctx.app, ctx.identity, 'grants-host@example.com');
    const sent = await invite(ctx.app, db(), host, moving.user.email);
    const accepted = await call(ctx.app, ENDPOINTS.acceptInvitation, {
      cookie: moving.cookie,
      form: { token: sent.token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await refresh(tokens.refreshToken)).body.error).toBe('invalid_grant');
    await expectNothingLeft(moving.user.id);
  });

  it('a role that grants nothing ends the member’s grants; another role change keeps them', async () => {
    const changing = await member();
    const tokens = await authorizeConnector(ctx, changing.cookie);
    const memberRole = await db()
      .selectFrom('roles')
      .select('id')
      .where('team_id', '=', owner.team.id)
      .where('name', '=', 'Member')
      .executeTakeFirstOrThrow();
    const kept = await call(ctx.app, ENDPOINTS.updateTeamUser, {
      form: { userId: changing.user.id, roleId: memberRole.id },
      cookie: owner.cookie,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const stillWorks = await refresh(tokens.refreshToken);
    expect(stillWorks.status, JSON.stringify(stillWorks.body)).toBe(200);

    const nothing = await db()
      .insertInto('roles')
      .values({ team_id: owner.team.id, name: 'No access', permissions: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changed = await call(ctx.app, ENDPOINTS.updateTeamUser, {
      form: { userId: changing.user.id, roleId: nothing.id },
      cookie: owner.cookie,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await refresh(String(stillWorks.body.refresh_token))).body.error).toBe('invalid_grant');
    await expectNothingLeft(changing.user.id);
  });
  it('a refresh token is redeemed only while its grant and member stand, however they went', async () => {
    const gone = await member();
    const tokens = await authorizeConnector(ctx, gone.cookie);
    // Not through the app: the user's row goes (its grants' records with it, by cascade).
    await db().deleteFrom('users').where('id', '=', gone.user.id).execute();
    const refused = await refresh(tokens.refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });
});
