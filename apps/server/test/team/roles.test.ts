import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { auditOf, invite, roleId } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

const ALL = Object.fromEntries(PERMISSIONS.map((p) => [p, true]));

describeEachDatabase('roles', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  const create = (cookie: string, name: string, permissions: string) =>
    call(app, ENDPOINTS.createRole, { cookie, form: { name, permissions } });

  it('lists Super Admin (every permission, not editable), Admin (built in, editable), then the team’s own, with the permission names', async () => {
    const owner = await signIn(app, identity, 'list@example.com');
    const response = await call(app, ENDPOINTS.getRoles, { cookie: owner.cookie });
    const body = response.json();
    expect(body.roles.map((r) => [r.name, r.builtIn, r.editable, r.memberCount])).toEqual([
      ['Super Admin', true, false, 1],
      ['Admin', true, true, 0],
      ['Member', false, true, 0],
    ]);
    expect(body.roles[0]?.permissions).toEqual(ALL);
    expect(Object.keys(body.roles[2]?.permissions ?? {}).sort()).toEqual([...PERMISSIONS].sort());
    expect(body.identifiers.map((i) => i.name)).toEqual([...PERMISSIONS]);
  });

  it('Super Admin holds every permission whatever is stored: a permission added later reaches it', async () => {
    const owner = await signIn(app, identity, 'computed@example.com');
    await db()
      .updateTable('roles')
      .set({ permissions: '{}' })
      .where('id', '=', await roleId(db(), owner.team.id, 'Super Admin'))
      .execute();
    const info = await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie });
    expect(info.json().user.permissions).toEqual(ALL);
    expect((await call(app, ENDPOINTS.getActivity, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('creates a role (logged); names are unique case-insensitively, 1–60 characters, permissions known', async () => {
    const owner = await signIn(app, identity, 'create@example.com');
    const created = await create(owner.cookie, ' Analyst ', 'view_stats, view_activity');
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().role;
    expect(role).toMatchObject({ name: 'Analyst', builtIn: false, editable: true, memberCount: 0 });
    expect(role.permissions).toMatchObject({
      view_stats: true,
      view_activity: true,
      edit_team: false,
    });
    expect((await auditOf(db(), owner.team.id, 'role.create'))[0]?.details).toEqual({
      roleId: role.id,
      name: 'Analyst',
      permissions: ['view_stats', 'view_activity'],
    });
    for (const name of ['analyst', 'ADMIN', 'super admin']) {
      const taken = await create(owner.cookie, name, '');
      expect(taken.statusCode).toBe(409);
      expect(taken.error()).toMatchObject({ code: 'CONFLICT', field: 'name' });
    }
    expect((await create(owner.cookie, 'x'.repeat(61), '')).statusCode).toBe(400);
    expect((await create(owner.cookie, '   ', '')).statusCode).toBe(400);
    const unknown = await create(owner.cookie, 'Odd', 'view_stats,fly');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toMatchObject({
      field: expect.stringMatching(/^permissions/) as unknown,
      message: expect.stringContaining('unknown permission') as unknown,
    });
    const other = await signIn(app, identity, 'create-other@example.com');
    expect((await create(other.cookie, 'Analyst', '')).statusCode).toBe(200);
  });

  it('Super Admin cannot be changed or deleted; Admin can be changed but not deleted', async () => {
    const owner = await signIn(app, identity, 'builtin@example.com');
    const superAdmin = await roleId(db(), owner.team.id, 'Super Admin');
    const admin = await roleId(db(), owner.team.id, 'Admin');
    const editSuper = await call(app, ENDPOINTS.updateRole, {
      cookie: owner.cookie,
      form: { id: superAdmin, name: 'Boss', permissions: '' },
    });
    expect(editSuper.statusCode).toBe(409);
    expect(
      (await call(app, ENDPOINTS.deleteRole, { cookie: owner.cookie, query: { id: superAdmin } }))
        .statusCode,
    ).toBe(409);
    const editAdmin = await call(app, ENDPOINTS.updateRole, {
      cookie: owner.cookie,
      form: { id: admin, name: 'Manager', permissions: 'manage_members,view_stats' },
    });
    expect(editAdmin.json()).toMatchObject({
      role: {
        name: 'Manager',
        builtIn: true,
        permissions: { manage_members: true, edit_team: false },
      },
    });
    expect((await auditOf(db(), owner.team.id, 'role.update'))[0]?.details).toMatchObject({
      name: 'Manager',
      from: 'Admin',
      removed: ['edit_team', 'manage_data_sources', 'view_activity'],
      added: [],
    });
    expect(
      (await call(app, ENDPOINTS.deleteRole, { cookie: owner.cookie, query: { id: admin } }))
        .statusCode,
    ).toBe(409);
  });

  it('a role with members or open invitations cannot be deleted; an unused one can', async () => {
    const owner = await signIn(app, identity, 'delete@example.com');
    const member = await roleId(db(), owner.team.id, 'Member');
    await addMember(db(), owner.team.id, 'holder@example.com', 'Member');
    const held = await call(app, ENDPOINTS.deleteRole, {
      cookie: owner.cookie,
      query: { id: member },
    });
    expect(held.error()).toEqual({
      code: 'CONFLICT',
      message: '1 member has this role. Give them another role first.',
    });
    const guest = (await create(owner.cookie, 'Guest', '')).json().role;
    await invite(app, db(), owner, 'guest@example.com', 'Guest');
    const invited = await call(app, ENDPOINTS.deleteRole, {
      cookie: owner.cookie,
      query: { id: guest.id },
    });
    expect(invited.statusCode).toBe(409);
    const unused = (await create(owner.cookie, 'Unused', 'view_stats')).json().role;
    expect(
      (
        await call(app, ENDPOINTS.deleteRole, { cookie: owner.cookie, query: { id: unused.id } })
      ).json(),
    ).toEqual({ success: true });
    expect(
      (await call(app, ENDPOINTS.getRole, { cookie: owner.cookie, query: { role_id: unused.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('another team’s role is not found to read, change or delete', async () => {
    const owner = await signIn(app, identity, 'mine@example.com');
    const other = await signIn(app, identity, 'theirs@example.com');
    const theirs = await roleId(db(), other.team.id, 'Member');
    expect(
      (await call(app, ENDPOINTS.getRole, { cookie: owner.cookie, query: { role_id: theirs } }))
        .statusCode,
    ).toBe(404);
    const edit = await call(app, ENDPOINTS.updateRole, {
      cookie: owner.cookie,
      form: { id: theirs, name: 'Hijacked', permissions: '' },
    });
    expect(edit.statusCode).toBe(404);
    expect(
      (await call(app, ENDPOINTS.deleteRole, { cookie: owner.cookie, query: { id: theirs } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(app, ENDPOINTS.getRole, {
          cookie: owner.cookie,
          query: { role_id: 'not-a-uuid' },
        })
      ).statusCode,
    ).toBe(404);
    const row = await db()
      .selectFrom('roles')
      .select('name')
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Member');
  });

  it('nobody gives a role permissions they do not hold (403)', async () => {
    const owner = await signIn(app, identity, 'grant@example.com');
    const roleManager = (await create(owner.cookie, 'Role manager', 'manage_roles')).json().role;
    await addMember(db(), owner.team.id, 'rm@example.com', 'Role manager');
    const rm = await signIn(app, identity, 'rm@example.com');
    const more = await create(rm.cookie, 'Biller', 'edit_billing');
    expect(more.statusCode).toBe(403);
    const own = await call(app, ENDPOINTS.updateRole, {
      cookie: rm.cookie,
      form: { id: roleManager.id, name: 'Role manager', permissions: 'manage_roles,edit_billing' },
    });
    expect(own.statusCode).toBe(403);
    expect((await create(rm.cookie, 'Roles only', 'manage_roles')).statusCode).toBe(200);
  });

  it('a permission taken away bites on the member’s very next request', async () => {
    const owner = await signIn(app, identity, 'revoke@example.com');
    const analyst = (await create(owner.cookie, 'Analyst', 'view_activity')).json().role;
    await addMember(db(), owner.team.id, 'analyst@example.com', 'Analyst');
    const member = await signIn(app, identity, 'analyst@example.com');
    expect((await call(app, ENDPOINTS.getActivity, { cookie: member.cookie })).statusCode).toBe(
      200,
    );
    const changed = await call(app, ENDPOINTS.updateRole, {
      cookie: owner.cookie,
      form: { id: analyst.id, name: 'Analyst', permissions: 'view_stats' },
    });
    expect(changed.statusCode).toBe(200);
    const next = await call(app, ENDPOINTS.getActivity, { cookie: member.cookie });
    expect(next.statusCode).toBe(403);
  });
});
