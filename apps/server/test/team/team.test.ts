import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { api, createTestApp, fakeIdentity } from '../helpers/test-app.ts';

describeEachDatabase('team endpoints', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
    owner = await signIn(app, identity, 'zed@example.com');
    other = await signIn(app, identity, 'stranger@example.com');
  });
  afterAll(() => app.close());

  const rename = (form?: { name: string }) =>
    call(app, ENDPOINTS.updateTeamInfo, { cookie: owner.cookie, ...(form ? { form } : {}) });

  it('getTeamInfo answers the team and the user with role and permissions', async () => {
    const response = await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.admin).toEqual({ platformAdmin: false, switch: null });
    expect(body.team).toEqual({
      id: owner.team.id,
      name: "zed's team",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      businessUnit: 'MEGALYTIC_GDS',
      planId: 'basic-plan',
      userLimit: 5,
      accountLimit: 20,
    });
    expect(body.user).toMatchObject({
      email: 'zed@example.com',
      name: 'zed Tester',
      firstName: 'zed',
      lastName: 'Tester',
      roleName: 'Super Admin',
      permissions: { edit_team: true, edit_billing: true },
    });
  });

  it('updateTeamInfo renames (trimmed) and writes an audit row', async () => {
    const response = await rename({ name: '  Zed & Co  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ team: { id: owner.team.id, name: 'Zed & Co' } });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('team_id', '=', owner.team.id)
      .where('action', '=', 'team.rename')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: owner.user.id,
      acting_admin_id: null,
      details: { from: "zed's team", to: 'Zed & Co' },
    });
  });

  it('renames at the same moment each record the name they really replaced', async () => {
    const team = await signIn(app, identity, 'racing-renames@example.com');
    const names = ['Race A', 'Race B', 'Race C', 'Race D', 'Race E', 'Race F'];
    const answers = await Promise.all(
      names.map((name) =>
        call(app, ENDPOINTS.updateTeamInfo, { cookie: team.cookie, form: { name } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 200));
    const log = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('team_id', '=', team.team.id)
      .where('action', '=', 'team.rename')
      .orderBy('id')
      .execute();
    const steps = log.map((row) => row.details as { from: string; to: string });
    // In the order they committed, each rename starts from the name the one before left.
    expect(steps).toHaveLength(names.length);
    expect(steps[0]?.from).toBe("racing-renames's team");
    for (let i = 1; i < steps.length; i += 1) expect(steps[i]?.from).toBe(steps[i - 1]?.to);
  });

  it('refuses an empty or too long name, naming the field, and changes nothing', async () => {
    for (const name of ['', ' ', 'x'.repeat(81)]) {
      const response = await rename({ name });
      expect(response.statusCode).toBe(400);
      expect(response.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    }
    const missing = await rename();
    expect(missing.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    const info = await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie });
    expect(info.json()).toMatchObject({ team: { name: 'Zed & Co' } });
  });

  it('ignores fields the browser has no say in (team id, plan limits)', async () => {
    // Fields the contract does not declare: sent raw, to the contract's path.
    const response = await api(app, {
      method: ENDPOINTS.updateTeamInfo.method,
      url: ENDPOINTS.updateTeamInfo.path,
      cookie: owner.cookie,
      form: { name: 'Zed & Co', id: other.team.id, userLimit: '99', planId: 'annual-plan' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      team: { id: owner.team.id, userLimit: 5, planId: 'basic-plan' },
    });
    const theirs = await call(app, ENDPOINTS.getTeamInfo, { cookie: other.cookie });
    expect(theirs.json()).toMatchObject({ team: { name: "stranger's team" } });
  });

  it('getTeamUsers lists only the caller’s team, ordered by name', async () => {
    await addMember(db(), owner.team.id, 'adam@example.com');
    await db()
      .updateTable('users')
      .set({ name: 'Adam Apple' })
      .where('email', '=', 'adam@example.com')
      .execute();
    const response = await call(app, ENDPOINTS.getTeamUsers, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const users = response.json().users;
    expect(users.map((u) => u.email)).toEqual(['adam@example.com', 'zed@example.com']);
    expect(users[0]).toMatchObject({
      name: 'Adam Apple',
      firstName: 'Mem',
      lastName: 'Ber',
      fullName: 'MemBer',
      roleName: 'Member',
      lastLoginAt: null,
      lastActiveAt: null,
      credentialCount: 0,
    });
    expect(users[1]?.lastLoginAt).toEqual(expect.any(String));
    expect(users[1]?.lastActiveAt).toEqual(expect.any(String));
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(
      [
        'credentialCount',
        'email',
        'firstName',
        'fullName',
        'id',
        'image',
        'joinedAt',
        'lastActiveAt',
        'lastLoginAt',
        'lastName',
        'name',
        'roleId',
        'roleName',
      ].sort(),
    );
    expect(response.json().seats).toEqual({ members: 2, pendingInvitations: 0, limit: 5 });
    const theirs = await call(app, ENDPOINTS.getTeamUsers, { cookie: other.cookie });
    expect(theirs.json().users.map((u) => u.email)).toEqual(['stranger@example.com']);
  });
});
