import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { seedLogin } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { auditOf, invite, roleId } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

describeEachDatabase('members', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  /** A team: its owner (Super Admin) and members signed in with the given roles. */
  async function team(label: string, roles: string[] = []) {
    const owner = await signIn(app, identity, `${label}-owner@example.com`);
    const members: SignedIn[] = [];
    for (const [i, role] of roles.entries()) {
      await addMember(db(), owner.team.id, `${label}-${i + 1}@example.com`, role);
      members.push(await signIn(app, identity, `${label}-${i + 1}@example.com`));
    }
    return { owner, members };
  }

  const credentialOwners = async (teamId: string) =>
    (
      await db()
        .selectFrom('data_source_credentials')
        .select('created_by')
        .where('team_id', '=', teamId)
        .execute()
    ).map((row) => row.created_by);

  it('lists members with last activity, credentials they authorised and seats (pending invitations hold one)', async () => {
    const { owner, members } = await team('list', ['Member']);
    await seedLogin(db(), owner.team.id, { userId: owner.user.id });
    await seedLogin(db(), owner.team.id, { userId: owner.user.id });
    await invite(app, db(), owner, 'someone@example.com');
    const response = await call(app, ENDPOINTS.getTeamUsers, { cookie: members[0]?.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ownerRow = body.users.find((u) => u.id === owner.user.id);
    expect(ownerRow).toMatchObject({ credentialCount: 2, roleName: 'Super Admin' });
    expect(ownerRow?.lastActiveAt).toEqual(expect.any(String));
    // fullName joins first and last name without a separator; name is written as people do.
    const first = owner.user.firstName;
    expect(first.length).toBeGreaterThan(0);
    expect(ownerRow).toMatchObject({
      firstName: first,
      lastName: 'Tester',
      fullName: `${first}Tester`,
      name: `${first} Tester`,
    });
    expect(body.seats).toEqual({ members: 2, pendingInvitations: 1, limit: 5 });
  });

  it('reads one member by email (any case), and nobody of another team', async () => {
    const { owner, members } = await team('one', ['Member']);
    const other = await team('one-other');
    const found = await call(app, ENDPOINTS.getTeamUser, {
      cookie: owner.cookie,
      query: { user_email: 'ONE-1@example.com' },
    });
    expect(found.json()).toMatchObject({ user: { id: members[0]?.user.id, roleName: 'Member' } });
    const foreign = await call(app, ENDPOINTS.getTeamUser, {
      cookie: owner.cookie,
      query: { user_email: other.owner.user.email },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('changes a role within the team and logs it; another team’s role or member is not found', async () => {
    const { owner, members } = await team('role', ['Member']);
    const other = await team('role-other');
    const target = members[0]?.user.id ?? '';
    const changed = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: owner.cookie,
      form: { userId: target, roleId: await roleId(db(), owner.team.id, 'Admin') },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ user: { id: target, roleName: 'Admin' } });
    expect((await auditOf(db(), owner.team.id, 'member.role_change'))[0]?.details).toMatchObject({
      email: 'role-1@example.com',
      fromRole: 'Member',
      toRole: 'Admin',
    });
    const foreignRole = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: owner.cookie,
      form: { userId: target, roleId: await roleId(db(), other.owner.team.id, 'Member') },
    });
    expect(foreignRole.statusCode).toBe(404);
    const foreignUser = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: owner.cookie,
      form: { userId: other.owner.user.id, roleId: await roleId(db(), owner.team.id, 'Member') },
    });
    expect(foreignUser.statusCode).toBe(404);
    expect(
      (
        await db()
          .selectFrom('users')
          .select('role_id')
          .where('id', '=', other.owner.user.id)
          .executeTakeFirstOrThrow()
      ).role_id,
    ).toBe(await roleId(db(), other.owner.team.id, 'Super Admin'));
  });

  it('the last Super Admin cannot be demoted (409); with a second one, they can', async () => {
    const { owner, members } = await team('last', ['Super Admin']);
    const memberRole = await roleId(db(), owner.team.id, 'Member');
    const demoteSecond = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: owner.cookie,
      form: { userId: members[0]?.user.id ?? '', roleId: memberRole },
    });
    expect(demoteSecond.statusCode).toBe(200);
    const demoteSelf = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: owner.cookie,
      form: { userId: owner.user.id, roleId: memberRole },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.error()).toEqual({
      code: 'CONFLICT',
      message:
        "last-owner@example.com is the team's only Super Admin. Make someone else Super Admin first.",
    });
  });

  it('an Admin cannot make anyone Super Admin, nor change a Super Admin (403)', async () => {
    const { owner, members } = await team('rank', ['Admin', 'Member']);
    const admin = members[0];
    const superAdmin = await roleId(db(), owner.team.id, 'Super Admin');
    for (const userId of [admin?.user.id ?? '', members[1]?.user.id ?? '']) {
      const promote = await call(app, ENDPOINTS.updateTeamUser, {
        cookie: admin?.cookie,
        form: { userId, roleId: superAdmin },
      });
      expect(promote.statusCode).toBe(403);
    }
    const demoteOwner = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: admin?.cookie,
      form: { userId: owner.user.id, roleId: await roleId(db(), owner.team.id, 'Member') },
    });
    expect(demoteOwner.statusCode).toBe(403);
    const removeOwner = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: admin?.cookie,
      query: { id: owner.user.id },
    });
    expect(removeOwner.statusCode).toBe(403);
    // A Member is within an Admin's permissions.
    const demoteMember = await call(app, ENDPOINTS.updateTeamUser, {
      cookie: admin?.cookie,
      form: {
        userId: members[1]?.user.id ?? '',
        roleId: await roleId(db(), owner.team.id, 'Admin'),
      },
    });
    expect(demoteMember.statusCode).toBe(200);
  });

  it('removing a member hands their credentials over and ends their sessions: the next request is 401', async () => {
    const { owner, members } = await team('remove', ['Member', 'Admin']);
    const leaver = members[0];
    const heir = members[1];
    await seedLogin(db(), owner.team.id, { userId: leaver?.user.id ?? '' });
    await seedLogin(db(), owner.team.id, { userId: leaver?.user.id ?? '' });
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie: leaver?.cookie })).statusCode).toBe(
      200,
    );

    const removed = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: leaver?.user.id ?? '', transferTo: heir?.user.id ?? '' },
    });
    expect(removed.json()).toEqual({ success: true, credentialsTransferred: 2 });
    expect(await credentialOwners(owner.team.id)).toEqual([heir?.user.id, heir?.user.id]);
    const next = await call(app, ENDPOINTS.getTeamInfo, { cookie: leaver?.cookie });
    expect(next.statusCode).toBe(401);
    const log = await auditOf(db(), owner.team.id);
    expect(log.map((e) => e.action).slice(-2)).toEqual(['credential.transfer', 'member.remove']);
    expect(log.at(-2)?.details).toMatchObject({
      fromEmail: 'remove-1@example.com',
      toEmail: 'remove-2@example.com',
      count: 2,
    });
  });

  it('removal: the credentials go to the remover by default; yourself is 400; an heir outside the team is 404', async () => {
    const { owner, members } = await team('remove2', ['Member', 'Member']);
    const other = await team('remove2-other');
    await seedLogin(db(), owner.team.id, { userId: members[0]?.user.id ?? '' });
    const self = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: owner.user.id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.error()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You cannot remove yourself. Use Leave team instead.',
    });
    const foreignHeir = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: members[0]?.user.id ?? '', transferTo: other.owner.user.id },
    });
    expect(foreignHeir.statusCode).toBe(404);
    const foreignMember = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: other.owner.user.id },
    });
    expect(foreignMember.statusCode).toBe(404);
    expect(
      (await call(app, ENDPOINTS.getTeamInfo, { cookie: other.owner.cookie })).statusCode,
    ).toBe(200);
    const removed = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: owner.cookie,
      query: { id: members[0]?.user.id ?? '' },
    });
    expect(removed.json()).toEqual({ success: true, credentialsTransferred: 1 });
    expect(await credentialOwners(owner.team.id)).toEqual([owner.user.id]);
  });

  it('the last Super Admin cannot be removed, even by someone holding every permission', async () => {
    const { owner, members } = await team('remove3', ['Member']);
    const everything = await db()
      .insertInto('roles')
      .values({
        team_id: owner.team.id,
        name: 'Everything',
        permissions: JSON.stringify(
          Object.fromEntries(
            [
              'edit_team',
              'manage_members',
              'manage_roles',
              'manage_data_sources',
              'edit_billing',
              'view_stats',
              'view_activity',
            ].map((p) => [p, true]),
          ),
        ),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({ role_id: everything.id })
      .where('id', '=', members[0]?.user.id ?? '')
      .execute();
    const response = await call(app, ENDPOINTS.removeTeamUser, {
      cookie: members[0]?.cookie,
      query: { id: owner.user.id },
    });
    expect(response.statusCode).toBe(409);
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('leaving hands credentials to the longest-standing other Super Admin and signs the leaver out', async () => {
    const { owner, members } = await team('leave', ['Member', 'Super Admin']);
    const leaver = members[0];
    await seedLogin(db(), owner.team.id, { userId: leaver?.user.id ?? '' });
    const left = await call(app, ENDPOINTS.leaveTeam, { cookie: leaver?.cookie });
    expect(left.json()).toEqual({ success: true });
    expect(left.cookies.find((c) => c.name === 'gds_session')?.value).toBe('');
    expect(await credentialOwners(owner.team.id)).toEqual([owner.user.id]);
    expect((await call(app, ENDPOINTS.getTeamInfo, { cookie: leaver?.cookie })).statusCode).toBe(
      401,
    );
    const log = await auditOf(db(), owner.team.id);
    expect(log.at(-1)).toMatchObject({
      action: 'member.leave',
      actor_user_id: leaver?.user.id,
      details: { email: 'leave-1@example.com' },
    });
  });

  it('the last Super Admin of a team with others cannot leave (409); the only member can, and the team stays with its data', async () => {
    const { owner, members } = await team('stay', ['Member']);
    const refused = await call(app, ENDPOINTS.leaveTeam, { cookie: owner.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toMatchObject({
      message:
        "You are the team's only Super Admin. Make someone else Super Admin first, then leave.",
    });
    expect((await call(app, ENDPOINTS.leaveTeam, { cookie: members[0]?.cookie })).statusCode).toBe(
      200,
    );

    await seedLogin(db(), owner.team.id, { userId: owner.user.id });
    const alone = await call(app, ENDPOINTS.leaveTeam, { cookie: owner.cookie });
    expect(alone.statusCode).toBe(200);
    const teamRow = await db()
      .selectFrom('teams')
      .select('id')
      .where('id', '=', owner.team.id)
      .execute();
    expect(teamRow).toHaveLength(1);
    const logins = await db()
      .selectFrom('data_source_credentials')
      .select('created_by')
      .where('team_id', '=', owner.team.id)
      .execute();
    expect(logins).toEqual([{ created_by: null }]);
  });

  it('leaving with a chosen heir gives them the credentials; an heir outside the team is 404', async () => {
    const { owner, members } = await team('heir', ['Member', 'Member']);
    const other = await team('heir-other');
    await seedLogin(db(), owner.team.id, { userId: members[0]?.user.id ?? '' });
    const foreign = await call(app, ENDPOINTS.leaveTeam, {
      cookie: members[0]?.cookie,
      form: { transferTo: other.owner.user.id },
    });
    expect(foreign.statusCode).toBe(404);
    const left = await call(app, ENDPOINTS.leaveTeam, {
      cookie: members[0]?.cookie,
      form: { transferTo: members[1]?.user.id ?? '' },
    });
    expect(left.statusCode).toBe(200);
    expect(await credentialOwners(owner.team.id)).toEqual([members[1]?.user.id]);
  });
});
