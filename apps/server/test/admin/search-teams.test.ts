import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { ADMIN_EMAIL, adminConfig } from '../helpers/admin-switch.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

describeEachDatabase('admin team search', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let admin: SignedIn;
  let acme: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, config: adminConfig() });
    admin = await signIn(app, identity, ADMIN_EMAIL);
    acme = await signIn(app, identity, 'boss@acme.example');
    await db()
      .updateTable('teams')
      .set({ name: 'Acme Widgets' })
      .where('id', '=', acme.team.id)
      .execute();
    await addMember(db(), acme.team.id, 'Helper@Acme.example');
  });
  afterAll(() => app.close());

  const search = async (
    q: string,
    unit: 'MEGALYTIC_GDS' | 'RAVEN_GDS' = 'MEGALYTIC_GDS',
    cookie = admin.cookie,
  ) => {
    const response = await call(app, ENDPOINTS.searchTeams, {
      cookie,
      unit,
      query: { q },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().teams;
  };

  it('finds a team by part of its name, in any case, with its members and roles', async () => {
    const teams = await search('WIDGET');
    expect(teams).toEqual([
      {
        id: acme.team.id,
        name: 'Acme Widgets',
        businessUnit: 'MEGALYTIC_GDS',
        createdAt: acme.team.createdAt,
        members: [
          {
            id: acme.user.id,
            email: 'boss@acme.example',
            name: 'boss Tester',
            roleName: 'Super Admin',
          },
          {
            id: expect.any(String) as unknown,
            email: 'Helper@Acme.example',
            name: 'Mem Ber',
            roleName: 'Member',
          },
        ],
      },
    ]);
  });

  it("finds a team by part of a member's email, in any case", async () => {
    expect((await search('helper@ACME')).map((t) => t.id)).toEqual([acme.team.id]);
    expect(await search('nobody-has-this')).toEqual([]);
  });

  it('treats % and _ as the characters they are', async () => {
    expect(await search('%%')).toEqual([]);
    expect(await search('__')).toEqual([]);
  });

  it("never answers another unit's teams", async () => {
    const raven = await signIn(app, identity, 'boss@acme-raven.example', 'RAVEN_GDS');
    expect((await search('acme')).map((t) => t.id)).not.toContain(raven.team.id);
    const ravenAdmin = await signIn(app, identity, ADMIN_EMAIL, 'RAVEN_GDS');
    expect((await search('acme', 'RAVEN_GDS', ravenAdmin.cookie)).map((t) => t.id)).toEqual([
      raven.team.id,
    ]);
  });

  it('answers at most 20 teams, by name', async () => {
    for (let i = 0; i < 22; i += 1)
      await signIn(app, identity, `crowd${String(i).padStart(2, '0')}@many.example`);
    const teams = await search('crowd');
    expect(teams).toHaveLength(20);
    expect(teams.map((t) => t.name)).toEqual([...teams.map((t) => t.name)].sort());
  });

  it('refuses a search shorter than 2 characters, naming the field', async () => {
    const response = await call(app, ENDPOINTS.searchTeams, {
      cookie: admin.cookie,
      query: { q: 'a' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'q' });
  });
});
