import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn, startSignIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { createTestApp, fakeIdentity, sessionCookieOf } from '../helpers/test-app.ts';

/**
 * A right-to-left override shows "Acme\u202Enimda" as "Acmeadmin": a name could pass itself off as
 * another. Team and role names refuse the text-direction controls as they refuse control
 * characters; a member's name comes from the identity provider, so they are removed from it.
 */
const OVERRIDE = '\u202E';
const ISOLATE = '\u2066';

describeEachDatabase('text-direction controls in names', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  it('a team name holding one is refused with a message naming the field; the name stays', async () => {
    const owner = await signIn(app, identity, 'bidi-team@example.com');
    for (const name of [`Acme${OVERRIDE}nimda`, `Acme ${ISOLATE}Ltd`]) {
      const refused = await call(app, ENDPOINTS.updateTeamInfo, {
        cookie: owner.cookie,
        form: { name },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
      expect(refused.error()?.message).toContain('Team name cannot contain');
    }
    const info = await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie });
    expect(info.json().team.name).toBe(owner.team.name);
  });

  it('a role name holding one is refused, on create and on rename; no role is made', async () => {
    const owner = await signIn(app, identity, 'bidi-role@example.com');
    const refused = await call(app, ENDPOINTS.createRole, {
      cookie: owner.cookie,
      form: { name: `Viewer${OVERRIDE}nimdA`, permissions: 'view_stats' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    expect(refused.error()?.message).toContain('Role name cannot contain');
    const made = await call(app, ENDPOINTS.createRole, {
      cookie: owner.cookie,
      form: { name: 'Viewer', permissions: 'view_stats' },
    });
    const renamed = await call(app, ENDPOINTS.updateRole, {
      cookie: owner.cookie,
      form: { id: made.json().role.id, name: `${ISOLATE}Admin`, permissions: 'view_stats' },
    });
    expect(renamed.statusCode).toBe(400);
    const roles = (await call(app, ENDPOINTS.getRoles, { cookie: owner.cookie })).json().roles;
    expect(roles.map((r) => r.name)).toEqual(['Super Admin', 'Admin', 'Member', 'Viewer']);
  });

  it('a member name from the identity provider is shown without them', async () => {
    const started = await startSignIn(app);
    identity.claims = {
      email: 'bidi-member@example.com',
      givenName: `Ann${OVERRIDE}nimda`,
      familyName: `Lee${ISOLATE}`,
      name: `Ann${OVERRIDE}nimda Lee${ISOLATE}`,
    };
    const signedIn = await call(app, ENDPOINTS.loginCallback, {
      query: { code: 'ok', state: started.state },
      cookie: started.cookie,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ name: 'Annnimda Lee', firstName: 'Annnimda' });
    const users = await call(app, ENDPOINTS.getTeamUsers, {
      cookie: sessionCookieOf(signedIn) ?? '',
    });
    expect(users.json().users[0]).toMatchObject({
      name: 'Annnimda Lee',
      firstName: 'Annnimda',
      lastName: 'Lee',
    });
  });
});
