import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_SWITCH_COOKIES, ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import {
  ADMIN_EMAIL,
  adminConfig,
  auditRows,
  switchTo,
  teamInfo,
} from '../helpers/admin-switch.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, sessionCookieOf, testConfig } from '../helpers/test-app.ts';

describeEachDatabase('platform admins: who may search and switch', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let admin: SignedIn;
  let owner: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, config: adminConfig() });
    owner = await signIn(app, identity, 'owner@client.example');
    admin = await signIn(app, identity, ADMIN_EMAIL);
  });
  afterAll(() => app.close());

  const switchForm = () => ({ user: 'owner@client.example', teamId: owner.team.id });

  it('the profile says who is a platform admin (listed in any case)', async () => {
    expect((await teamInfo(app, admin.cookie)).body.admin).toEqual({
      platformAdmin: true,
      switch: null,
    });
    expect((await teamInfo(app, owner.cookie)).body.admin).toEqual({
      platformAdmin: false,
      switch: null,
    });
  });

  it('anyone else is refused: anonymous 401, a Super Admin of a team 403', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [owner.cookie, 403],
    ] as const) {
      const search = await call(app, ENDPOINTS.searchTeams, { cookie, query: { q: 'client' } });
      expect(search.statusCode).toBe(status);
      const started = await call(app, ENDPOINTS.userSwitch, { cookie, form: switchForm() });
      expect(started.statusCode).toBe(status);
      expect(sessionCookieOf(started)).toBeUndefined();
    }
    expect(await auditRows(db(), owner.team.id, 'admin_switch.start')).toEqual([]);
  });

  it('the admin behind a switched session counts, never the user it acts as', async () => {
    const plain = await signIn(app, identity, 'plain@client.example');
    const fresh = await signIn(app, identity, ADMIN_EMAIL);
    const switched = await switchTo(app, fresh.cookie, 'plain@client.example', plain.team.id);
    const search = (cookie: string) =>
      call(app, ENDPOINTS.searchTeams, { cookie, query: { q: 'client' } });
    expect((await search(switched.cookie)).statusCode).toBe(200);
    expect((await search(plain.cookie)).statusCode).toBe(403);
  });

  it('another unit is out of reach: its header is refused and its teams are not found', async () => {
    const raven = await signIn(app, identity, 'owner@raven.example', 'RAVEN_GDS');
    const wrongUnit = await call(app, ENDPOINTS.searchTeams, {
      cookie: admin.cookie,
      unit: 'RAVEN_GDS',
      query: { q: 'raven' },
    });
    expect(wrongUnit.statusCode).toBe(403);
    const started = await call(app, ENDPOINTS.userSwitch, {
      cookie: admin.cookie,
      form: { user: 'owner@raven.example', teamId: raven.team.id },
    });
    expect(started.statusCode).toBe(404);
  });

  it('the GDS_ADMIN_* cookies alone grant nothing', async () => {
    const spoof = `${ADMIN_SWITCH_COOKIES.user}=owner@client.example; ${ADMIN_SWITCH_COOKIES.team}=${owner.team.id}`;
    const member = await signIn(app, identity, 'curious@client.example');
    const before = await auditRows(db(), owner.team.id, 'admin_switch.start');
    // No session: nothing private answers.
    expect((await teamInfo(app, spoof)).status).toBe(401);
    expect(
      (await call(app, ENDPOINTS.userSwitch, { cookie: spoof, form: switchForm() })).statusCode,
    ).toBe(401);
    // A member's session carrying them is still only that member, and may not switch.
    const withMember = `${member.cookie}; ${spoof}`;
    expect((await teamInfo(app, withMember)).body).toMatchObject({
      user: { id: member.user.id },
      team: { id: member.team.id },
      admin: { platformAdmin: false, switch: null },
    });
    const refused = await call(app, ENDPOINTS.userSwitch, {
      cookie: withMember,
      form: switchForm(),
    });
    expect(refused.statusCode).toBe(403);
    // Even the admin's own session is not switched by them: only the call switches.
    expect((await teamInfo(app, `${admin.cookie}; ${spoof}`)).body).toMatchObject({
      user: { id: admin.user.id },
      admin: { switch: null },
    });
    expect(await auditRows(db(), owner.team.id, 'admin_switch.start')).toEqual(before);
  });

  it('a switched session ends when its admin is no longer listed', async () => {
    const fresh = await signIn(app, identity, ADMIN_EMAIL);
    const switched = await switchTo(app, fresh.cookie, 'owner@client.example', owner.team.id);
    const delisted = await createTestApp(db(), { identity, config: testConfig() });
    try {
      expect((await teamInfo(delisted, switched.cookie)).status).toBe(401);
    } finally {
      await delisted.close();
    }
    expect((await teamInfo(app, switched.cookie)).status).toBe(200);
  });
});
