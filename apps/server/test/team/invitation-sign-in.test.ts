import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { seedLogin } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { auditOf, invite, outboxFor, signInWithInvitation } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

describeEachDatabase('joining by invitation', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  const usersNamed = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email).execute();
  const teamCount = async () => (await db().selectFrom('teams').select('id').execute()).length;

  it('a new person follows the emailed link, signs in and is a member with the invited role (no team of their own)', async () => {
    const owner = await signIn(app, identity, 'host@example.com');
    await invite(app, db(), owner, 'newbie@example.com', 'Admin');
    const [mail] = await outboxFor(db(), 'newbie@example.com');
    const link = /http:\/\/\S+\/invite\/(\S+)/.exec(mail?.text_body ?? '');
    const token = link?.[1] ?? '';
    expect(token).not.toBe('');
    const teams = await teamCount();

    const { response, cookie } = await signInWithInvitation(
      app,
      identity,
      token,
      'NewBie@example.com',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { email: 'NewBie@example.com', roleName: 'Admin' },
      team: { id: owner.team.id },
      invitation: { outcome: 'joined', token, teamName: "host's team" },
    });
    expect(await teamCount()).toBe(teams);
    const info = await call(app, ENDPOINTS.getTeamInfo, { cookie });
    expect(info.json()).toMatchObject({ team: { id: owner.team.id }, user: { roleName: 'Admin' } });
    expect(
      (await call(app, ENDPOINTS.getInvitationInfo, { query: { token } })).json(),
    ).toMatchObject({
      status: 'accepted',
    });
    const joined = await auditOf(db(), owner.team.id, 'member.join');
    expect(joined[0]).toMatchObject({ details: { email: 'NewBie@example.com', role: 'Admin' } });
    const users = await call(app, ENDPOINTS.getTeamUsers, { cookie: owner.cookie });
    expect(users.json()).toMatchObject({ seats: { members: 2, pendingInvitations: 0 } });
  });

  it('signing in as another email fails, naming both addresses, and creates nothing', async () => {
    const owner = await signIn(app, identity, 'host2@example.com');
    const sent = await invite(app, db(), owner, 'right@example.com');
    const teams = await teamCount();
    const { response, cookie } = await signInWithInvitation(
      app,
      identity,
      sent.token,
      'wrong@example.com',
    );
    expect(response.statusCode).toBe(400);
    expect(response.error()).toEqual({
      code: 'LOGIN_FAILED',
      message:
        'This invitation was sent to right@example.com, but you signed in as wrong@example.com. Sign in with right@example.com to accept it.',
    });
    expect(cookie).toBeUndefined();
    expect(await usersNamed('wrong@example.com')).toEqual([]);
    expect(await teamCount()).toBe(teams);
    expect(
      (await call(app, ENDPOINTS.getInvitationInfo, { query: { token: sent.token } })).json(),
    ).toMatchObject({
      status: 'pending',
    });
  });

  it('an expired, revoked or used link fails a new person’s sign-in and creates nothing', async () => {
    const owner = await signIn(app, identity, 'host3@example.com');
    const expired = await invite(app, db(), owner, 'late@example.com');
    await db()
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.invitation.id)
      .execute();
    const revoked = await invite(app, db(), owner, 'withdrawn@example.com');
    await call(app, ENDPOINTS.revokeInvitation, {
      cookie: owner.cookie,
      query: { id: revoked.invitation.id },
    });
    const used = await invite(app, db(), owner, 'used@example.com');
    expect(
      (await signInWithInvitation(app, identity, used.token, 'used@example.com')).response
        .statusCode,
    ).toBe(200);
    await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: (await usersNamed('used@example.com'))[0]?.id ?? '' },
    });

    const teams = await teamCount();
    for (const [token, email, message] of [
      [
        expired.token,
        'late@example.com',
        'This invitation has expired. Ask host3 Tester to send a new one.',
      ],
      [
        revoked.token,
        'withdrawn@example.com',
        'This invitation was withdrawn. Ask host3 Tester for a new one if you still need to join.',
      ],
      [used.token, 'used@example.com', 'This invitation has already been used.'],
    ] as const) {
      const { response } = await signInWithInvitation(app, identity, token, email);
      expect(response.statusCode).toBe(400);
      expect(response.error()).toEqual({ code: 'LOGIN_FAILED', message });
      expect(await usersNamed(email)).toEqual([]);
    }
    expect(await teamCount()).toBe(teams);
  });

  it('someone with a team signs in to it and is sent to confirm; accepting moves them, their logins stay behind', async () => {
    const host = await signIn(app, identity, 'host4@example.com');
    const mover = await signIn(app, identity, 'mover@example.com');
    await addMember(db(), mover.team.id, 'colleague@example.com', 'Super Admin');
    const colleague = (await usersNamed('colleague@example.com'))[0];
    await seedLogin(db(), mover.team.id, { userId: mover.user.id });
    const sent = await invite(app, db(), host, 'mover@example.com', 'Member');

    const { response, cookie } = await signInWithInvitation(
      app,
      identity,
      sent.token,
      'mover@example.com',
    );
    expect(response.json()).toMatchObject({
      team: { id: mover.team.id },
      invitation: { outcome: 'confirm', token: sent.token, teamName: "host4's team" },
    });
    const page = await call(app, ENDPOINTS.getInvitationInfo, {
      query: { token: sent.token },
      cookie,
    });
    expect(page.json()).toMatchObject({
      status: 'pending',
      viewer: {
        email: 'mover@example.com',
        isInvitee: true,
        isMember: false,
        currentTeamName: "mover's team",
        leavesEmptyTeam: false,
        credentialCount: 1,
        blockedReason: null,
      },
    });

    const accepted = await call(app, ENDPOINTS.acceptInvitation, {
      cookie,
      form: { token: sent.token },
    });
    expect(accepted.json()).toEqual({ success: true, teamName: "host4's team" });
    const rotated = accepted.cookies.find((c) => c.name === 'gds_session');
    expect(rotated?.value).toBeTruthy();
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie })).statusCode).toBe(401);
    const now = await call(app, ENDPOINTS.getTeamInfo, {
      cookie: `gds_session=${rotated?.value ?? ''}`,
    });
    expect(now.json()).toMatchObject({ team: { id: host.team.id }, user: { roleName: 'Member' } });

    const logins = await db()
      .selectFrom('data_source_credentials')
      .select(['team_id', 'created_by'])
      .where('team_id', '=', mover.team.id)
      .execute();
    expect(logins).toEqual([{ team_id: mover.team.id, created_by: colleague?.id }]);
    expect(
      (await auditOf(db(), mover.team.id)).slice(-2).map((e) => [e.action, e.details]),
    ).toEqual([
      [
        'credential.transfer',
        {
          fromUserId: mover.user.id,
          fromEmail: 'mover@example.com',
          toUserId: colleague?.id,
          toEmail: 'colleague@example.com',
          count: 1,
        },
      ],
      [
        'member.leave',
        { userId: mover.user.id, email: 'mover@example.com', joinedAnotherTeam: true },
      ],
    ]);
    expect((await auditOf(db(), host.team.id, 'member.join'))[0]).toMatchObject({
      actor_user_id: mover.user.id,
      details: { email: 'mover@example.com', role: 'Member', invitationId: sent.invitation.id },
    });
    // Accepting again (a second tab) changes nothing and keeps the session.
    const again = await call(app, ENDPOINTS.acceptInvitation, {
      cookie: `gds_session=${rotated?.value ?? ''}`,
      form: { token: sent.token },
    });
    expect(again.json()).toEqual({ success: true, teamName: "host4's team" });
    expect(again.cookies).toEqual([]);
  });

  it('the only member moves and their old team stays as it was, with its data', async () => {
    const host = await signIn(app, identity, 'host5@example.com');
    const solo = await signIn(app, identity, 'solo@example.com');
    await seedLogin(db(), solo.team.id, { userId: solo.user.id });
    const sent = await invite(app, db(), host, 'solo@example.com');
    const page = await call(app, ENDPOINTS.getInvitationInfo, {
      query: { token: sent.token },
      cookie: solo.cookie,
    });
    expect(page.json()).toMatchObject({
      viewer: { leavesEmptyTeam: true, credentialCount: 1, blockedReason: null },
    });
    expect(
      (
        await call(app, ENDPOINTS.acceptInvitation, {
          cookie: solo.cookie,
          form: { token: sent.token },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await db().selectFrom('teams').select('name').where('id', '=', solo.team.id).execute(),
    ).toEqual([{ name: "solo's team" }]);
    const accounts = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', solo.team.id)
      .execute();
    expect(accounts).toHaveLength(2);
  });

  it('the last Super Admin of a team with others is blocked until someone else is; a stranger cannot accept (not found)', async () => {
    const host = await signIn(app, identity, 'host6@example.com');
    const boss = await signIn(app, identity, 'boss@example.com');
    await addMember(db(), boss.team.id, 'staff@example.com');
    const sent = await invite(app, db(), host, 'boss@example.com');
    const page = await call(app, ENDPOINTS.getInvitationInfo, {
      query: { token: sent.token },
      cookie: boss.cookie,
    });
    expect(page.json()).toMatchObject({
      viewer: {
        blockedReason:
          "You are the only Super Admin of boss's team, which has other members. Make someone else Super Admin there first, then accept.",
      },
    });
    const refused = await call(app, ENDPOINTS.acceptInvitation, {
      cookie: boss.cookie,
      form: { token: sent.token },
    });
    expect(refused.statusCode).toBe(409);
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie: boss.cookie })).json()).toMatchObject({
      team: { id: boss.team.id },
    });

    const stranger = await signIn(app, identity, 'stranger@example.com');
    const notTheirs = await call(app, ENDPOINTS.acceptInvitation, {
      cookie: stranger.cookie,
      form: { token: sent.token },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body).not.toContain('boss@example.com');
    const view = await call(app, ENDPOINTS.getInvitationInfo, {
      query: { token: sent.token },
      cookie: stranger.cookie,
    });
    expect(view.json()).toMatchObject({
      viewer: {
        isInvitee: false,
        blockedReason: expect.stringContaining('stranger@example.com') as unknown,
      },
    });
  });

  it('a move that would pass the new team’s user limit is refused (PLAN_LIMIT)', async () => {
    const host = await signIn(app, identity, 'host7@example.com');
    const mover = await signIn(app, identity, 'full-mover@example.com');
    const sent = await invite(app, db(), host, 'full-mover@example.com');
    await db().updateTable('teams').set({ user_limit: 1 }).where('id', '=', host.team.id).execute();
    const response = await call(app, ENDPOINTS.acceptInvitation, {
      cookie: mover.cookie,
      form: { token: sent.token },
    });
    expect(response.statusCode).toBe(409);
    expect(response.error()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(
      (await call(app, ENDPOINTS.getInvitationInfo, { query: { token: sent.token } })).json(),
    ).toMatchObject({
      status: 'pending',
    });
  });
});
