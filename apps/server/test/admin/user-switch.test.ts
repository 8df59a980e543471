import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_SWITCH_MINUTES, SESSION_ABSOLUTE_TTL_MS, ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import {
  ADMIN_EMAIL,
  adminConfig,
  auditRows,
  switchTo,
  teamInfo,
} from '../helpers/admin-switch.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, sessionCookieOf, testClock } from '../helpers/test-app.ts';

const MINUTE = 60_000;

describeEachDatabase('admin user switch: start, return, expiry', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  let target: SignedIn;
  let memberId: string;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock, config: adminConfig() });
    target = await signIn(app, identity, 'owner@client.example');
    memberId = (await addMember(db(), target.team.id, 'member@client.example')).id;
  });
  afterAll(() => app.close());

  const signInAdmin = () => signIn(app, identity, ADMIN_EMAIL);

  it('acts as the member on a new session id; the old one gets 401; logged with both', async () => {
    const admin = await signInAdmin();
    const started = await switchTo(app, admin.cookie, 'MEMBER@client.example', target.team.id);
    expect(started.body).toMatchObject({
      status: 'Success',
      userData: { id: memberId, email: 'member@client.example', roleName: 'Member' },
    });
    expect((await teamInfo(app, admin.cookie)).status).toBe(401);

    const info = await teamInfo(app, started.cookie);
    expect(info.status).toBe(200);
    const expiresAt = new Date(clock().getTime() + ADMIN_SWITCH_MINUTES * MINUTE).toISOString();
    expect(info.body).toMatchObject({
      team: { id: target.team.id },
      user: { id: memberId },
      admin: { platformAdmin: true, switch: { adminEmail: ADMIN_EMAIL, expiresAt } },
    });
    const rows = await auditRows(db(), target.team.id, 'admin_switch.start');
    expect(rows.at(-1)).toMatchObject({
      actor_user_id: memberId,
      acting_admin_id: admin.user.id,
      details: { adminEmail: ADMIN_EMAIL, userEmail: 'member@client.example', expiresAt },
    });
  });

  it('refuses anyone not in that team of this unit with 404, and changes nothing', async () => {
    const admin = await signInAdmin();
    const elsewhere = await signIn(app, identity, 'owner@raven.example', 'RAVEN_GDS');
    const before = (await auditRows(db(), target.team.id, 'admin_switch.start')).length;
    const attempts = [
      { user: 'nobody@client.example', teamId: target.team.id },
      { user: 'member@client.example', teamId: admin.team.id },
      { user: 'member@client.example', teamId: 'not-a-team-id' },
      { user: 'owner@raven.example', teamId: elsewhere.team.id },
    ];
    for (const form of attempts) {
      const response = await call(app, ENDPOINTS.userSwitch, { cookie: admin.cookie, form });
      expect(response.statusCode, JSON.stringify(form)).toBe(404);
      expect(response.error()).toMatchObject({ code: 'NOT_FOUND' });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect((await teamInfo(app, admin.cookie)).body.user.id).toBe(admin.user.id);
    expect(await auditRows(db(), target.team.id, 'admin_switch.start')).toHaveLength(before);
  });

  it('a switched session may search and switch again; the admin behind it stays', async () => {
    const admin = await signInAdmin();
    const first = await switchTo(app, admin.cookie, 'member@client.example', target.team.id);
    const search = await call(app, ENDPOINTS.searchTeams, {
      cookie: first.cookie,
      query: { q: 'client' },
    });
    expect(search.statusCode).toBe(200);
    const second = await switchTo(app, first.cookie, 'owner@client.example', target.team.id);
    expect((await teamInfo(app, first.cookie)).status).toBe(401);
    expect((await teamInfo(app, second.cookie)).body).toMatchObject({
      user: { id: target.user.id },
      admin: { switch: { adminEmail: ADMIN_EMAIL } },
    });
    expect((await auditRows(db(), target.team.id, 'admin_switch.start')).at(-1)).toMatchObject({
      actor_user_id: target.user.id,
      acting_admin_id: admin.user.id,
    });
  });

  it('returning to the admin rotates the id again, and is logged with both', async () => {
    const admin = await signInAdmin();
    const signedInUntil = (await call(app, ENDPOINTS.getSession, { cookie: admin.cookie })).json()
      .expiresAt;
    clock.advance(5 * MINUTE);
    const switched = await switchTo(app, admin.cookie, 'member@client.example', target.team.id);
    clock.advance(5 * MINUTE);
    const ended = await call(app, ENDPOINTS.endUserSwitch, { cookie: switched.cookie });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ status: 'Success' });
    const back = sessionCookieOf(ended);
    expect(back).toBeDefined();
    expect(back).not.toBe(switched.cookie);
    expect((await teamInfo(app, switched.cookie)).status).toBe(401);
    expect((await teamInfo(app, admin.cookie)).status).toBe(401);

    // Neither new id extends the session: it still ends 12 hours after the admin signed in.
    expect((await call(app, ENDPOINTS.getSession, { cookie: back })).json()).toMatchObject({
      expiresAt: signedInUntil,
    });
    const info = await teamInfo(app, back);
    expect(info.body).toMatchObject({
      team: { id: admin.team.id },
      user: { id: admin.user.id },
      admin: { platformAdmin: true, switch: null },
    });
    expect((await auditRows(db(), target.team.id, 'admin_switch.end')).at(-1)).toMatchObject({
      actor_user_id: memberId,
      acting_admin_id: admin.user.id,
      details: { adminEmail: ADMIN_EMAIL, userEmail: 'member@client.example' },
    });
  });

  it('returning outside a switch is 409 and leaves the session as it was', async () => {
    for (const who of [await signInAdmin(), target]) {
      const response = await call(app, ENDPOINTS.endUserSwitch, { cookie: who.cookie });
      expect(response.statusCode).toBe(409);
      expect(response.error()).toMatchObject({ code: 'CONFLICT' });
      expect(sessionCookieOf(response)).toBeUndefined();
      expect((await teamInfo(app, who.cookie)).body.user.id).toBe(who.user.id);
    }
  });

  it(`after ${ADMIN_SWITCH_MINUTES} minutes the switched session has ended (440)`, async () => {
    const admin = await signInAdmin();
    const switched = await switchTo(app, admin.cookie, 'member@client.example', target.team.id);
    const session = await call(app, ENDPOINTS.getSession, { cookie: switched.cookie });
    const ends = new Date(clock().getTime() + ADMIN_SWITCH_MINUTES * MINUTE);
    expect(session.json()).toMatchObject({ expiresAt: ends.toISOString() });

    clock.advance(ADMIN_SWITCH_MINUTES * MINUTE - 1000);
    expect((await teamInfo(app, switched.cookie)).status).toBe(200);
    clock.advance(1000);
    const after = await call(app, ENDPOINTS.getTeamInfo, { cookie: switched.cookie });
    expect(after.statusCode).toBe(440);
    expect(after.error()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect((await call(app, ENDPOINTS.endUserSwitch, { cookie: switched.cookie })).statusCode).toBe(
      440,
    );
  });

  it('a switch never outlasts the 12 hours of the session it started from', async () => {
    const admin = await signInAdmin();
    const left = 10 * MINUTE;
    // Stay active so the idle limit does not end the session first.
    for (let spent = 0; spent < SESSION_ABSOLUTE_TTL_MS - left; spent += 30 * MINUTE) {
      clock.advance(Math.min(30 * MINUTE, SESSION_ABSOLUTE_TTL_MS - left - spent));
      expect((await teamInfo(app, admin.cookie)).status).toBe(200);
    }
    const switched = await switchTo(app, admin.cookie, 'member@client.example', target.team.id);
    const ends = new Date(clock().getTime() + left).toISOString();
    expect((await teamInfo(app, switched.cookie)).body.admin.switch?.expiresAt).toBe(ends);
    clock.advance(left);
    expect((await teamInfo(app, switched.cookie)).status).toBe(440);
  });
});
