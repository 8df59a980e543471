import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS, MESSAGES, SESSION_ABSOLUTE_TTL_MS } from '@gds/contract';
import { hashToken } from '../../src/modules/sessions/session-token.ts';
import { createSessionService } from '../../src/modules/sessions/sessions.service.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeEachDatabase('sessions: cookie flags, logout, time limits, changes apply at once', (db) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock });
  });
  afterAll(() => app.close());

  const info = (cookie: string | undefined) => call(app, ENDPOINTS.getTeamInfo, { cookie });
  const logout = (cookie: string) => call(app, ENDPOINTS.logout, { cookie });

  it('the cookie is HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure over http', async () => {
    const response = await call(app, ENDPOINTS.login);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^gds_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toMatch(/Domain=/i);
    expect(header).not.toMatch(/Secure/);
  });

  it('without a session or with an unknown one, private routes answer 401 JSON', async () => {
    for (const cookie of [undefined, 'gds_session=nonsense', `gds_session=${'A'.repeat(43)}`]) {
      const response = await info(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.error()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('logout deletes the session: the old cookie then gets 401, and the cookie is cleared', async () => {
    const { cookie } = await signIn(app, identity, 'leaver@example.com');
    expect((await info(cookie)).statusCode).toBe(200);
    const out = await logout(cookie);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(
      /gds_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect((await info(cookie)).statusCode).toBe(401);
    const token = cookie.split('=')[1] ?? '';
    const row = await db()
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // logging out again (or signed out) still succeeds, so it can never loop
    expect((await logout(cookie)).statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the session id', async () => {
    const { cookie } = await signIn(app, identity, 'hash@example.com');
    const token = cookie.split('=')[1] ?? '';
    const rows = await db().selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === token)).toBe(false);
    expect(rows.some((r) => r.id_hash === hashToken(token))).toBe(true);
  });

  it('ends after 12 hours whatever the activity: 440 with a JSON body', async () => {
    const { cookie } = await signIn(app, identity, 'busy@example.com');
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_TTL_MS - HOUR; elapsed += HOUR) {
      clock.advance(HOUR);
      expect((await info(cookie)).statusCode).toBe(200);
    }
    clock.advance(HOUR);
    const response = await info(cookie);
    expect(response.statusCode).toBe(440);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.error()).toEqual({
      code: 'SESSION_EXPIRED',
      message: MESSAGES.loggedOutInactivity,
    });
    // every private route says so, and it stays expired
    expect((await call(app, ENDPOINTS.getTeamUsers, { cookie })).statusCode).toBe(440);
    // public routes treat it as signed out
    expect((await call(app, ENDPOINTS.getConfig, { cookie })).statusCode).toBe(200);
  });

  it('ends after the idle limit (SESSION_IDLE_SECONDS)', async () => {
    const { cookie } = await signIn(app, identity, 'idle@example.com');
    clock.advance(7200 * 1000 - MINUTE);
    expect((await info(cookie)).statusCode).toBe(200);
    clock.advance(7200 * 1000);
    expect((await info(cookie)).statusCode).toBe(440);
  });

  it('records activity at most once a minute', async () => {
    const { cookie } = await signIn(app, identity, 'touch@example.com');
    const hash = hashToken(cookie.split('=')[1] ?? '');
    const lastSeen = async () =>
      (
        await db()
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const start = await lastSeen();
    clock.advance(30_000);
    await info(cookie);
    expect(await lastSeen()).toBe(start);
    clock.advance(31_000);
    await info(cookie);
    expect(await lastSeen()).toBe(start + 61_000);
  });

  it('removing a user or a permission takes effect on the next request', async () => {
    const owner = await signIn(app, identity, 'perm-owner@example.com');
    const rename = () =>
      call(app, ENDPOINTS.updateTeamInfo, { cookie: owner.cookie, form: { name: 'New' } });
    // Super Admin always holds every permission: the permission is taken from an Admin.
    const admin = await db()
      .selectFrom('roles')
      .select(['id', 'permissions'])
      .where('team_id', '=', owner.team.id)
      .where('name', '=', 'Admin')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({ role_id: admin.id })
      .where('id', '=', owner.user.id)
      .execute();
    expect((await rename()).statusCode).toBe(200);
    await db()
      .updateTable('roles')
      .set({ permissions: JSON.stringify({ ...admin.permissions, edit_team: false }) })
      .where('id', '=', admin.id)
      .execute();
    expect((await rename()).statusCode).toBe(403);
    await db().deleteFrom('users').where('id', '=', owner.user.id).execute();
    expect((await info(owner.cookie)).statusCode).toBe(401);
  });
});

describeEachDatabase('sessions over https', (db) => {
  it('use the __Host- prefix and Secure', async () => {
    const config = testConfig({ PUBLIC_URL: 'https://app.example.com' });
    const app = await createTestApp(db(), { config, identity: fakeIdentity() });
    const response = await call(app, ENDPOINTS.login, { host: 'app.example.com' });
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-gds_session=/);
    expect(header).toContain('Secure');
    expect(header).toContain('Path=/');
    expect(header).not.toMatch(/Domain=/i);
    await app.close();
  });
});

describeEachDatabase('session purge', (db) => {
  it('drops rows a week after they ended or expired, keeps live ones', async () => {
    const clock = testClock();
    const sessions = createSessionService({ db: db(), clock, idleSeconds: 7200 });
    const live = await sessions.start('MEGALYTIC_GDS', null);
    const stale = await sessions.start('MEGALYTIC_GDS', null);
    clock.advance(8 * 24 * HOUR);
    const fresh = await sessions.start('MEGALYTIC_GDS', null);
    // `live` kept being used; `stale` was abandoned
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: clock(), expires_at: new Date(clock().getTime() + HOUR) })
      .where('id_hash', '=', hashToken(live))
      .execute();
    await sessions.purge();
    const left = (await db().selectFrom('sessions').select('id_hash').execute()).map(
      (r) => r.id_hash,
    );
    expect(left).toContain(hashToken(live));
    expect(left).toContain(hashToken(fresh));
    expect(left).not.toContain(hashToken(stale));
  });
});
