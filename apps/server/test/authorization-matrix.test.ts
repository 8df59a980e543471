import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PROBES, buildPath } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { registeredRoutes } from '../src/app.ts';
import { describeEachDatabase } from './helpers/each-database.ts';
import { addMember, setPermissionsExcept, snapshot } from './helpers/members.ts';
import { seedConnectionResult, seedLogin } from './helpers/connections.ts';
import { signIn } from './helpers/sign-in.ts';
import type { SignedIn } from './helpers/sign-in.ts';
import { api, createTestApp, fakeIdentity, testConfig } from './helpers/test-app.ts';

type Name = keyof typeof ENDPOINTS;
type Sample = { query?: string; form?: Record<string, string>; params?: Record<string, string> };

/** Rows of team A the samples name (seeded before the matrix runs). */
interface Seeded {
  teamA: string;
  accountA: string;
  /** A connection result recorded for member A's session. */
  resultA: string;
}

/**
 * A valid request for each endpoint. The Record type makes a new endpoint a compile error
 * here until it has an entry, and the test below fails at run time as well.
 */
const SAMPLE: Record<Name, Sample | ((seeded: Seeded) => Sample)> = {
  getConfig: {},
  login: { query: 'nextUrl=Team' },
  logout: {},
  loginCallback: { query: 'code=x&state=y' },
  getSession: {},
  getTeamInfo: {},
  updateTeamInfo: { form: { name: 'Matrix team' } },
  getTeamUsers: {},
  getConnectorConfig: { query: 'all=true' },
  startConnection: { query: 'integration_type=1&type=reauth' },
  // A stale state answers success: false (200), as the form's callback always does.
  submitFormLogin: { form: { state: 'stale-state', apiKey: 'k', accountId: '1' } },
  getGroupedData: {},
  deleteAccount: ({ accountA }) => ({ params: { accountId: accountA } }),
  restoreAccount: ({ accountA }) => ({ params: { accountId: accountA } }),
  getConnectionResult: ({ resultA }) => ({ query: `id=${resultA}` }),
  searchTeams: { query: 'q=owner' },
  userSwitch: ({ teamA }) => ({ form: { user: 'member-a@example.com', teamId: teamA } }),
  endUserSwitch: {},
};

/** Endpoints whose sample names one of team A's objects: team B gets 404, not 2xx. */
const TEAM_A_OBJECT = new Set<Name>(['deleteAccount', 'restoreAccount', 'getConnectionResult']);

/** Endpoints that only act during an admin user switch: other sessions get 409, changing nothing. */
const SWITCH_ONLY = new Set<Name>(['endUserSwitch']);

/** Listed in PLATFORM_ADMIN_EMAILS; a member of a team of their own, like anyone else. */
const PLATFORM_ADMIN = 'platform-admin@example.com';

const entries = Object.entries(ENDPOINTS) as Array<[Name, Endpoint]>;

/** Past the access check: 2xx, or 409 for a switch-only endpoint outside a switch. */
function expectAllowed(name: Name, response: { statusCode: number; body: string }) {
  if (SWITCH_ONLY.has(name)) {
    expect(response.statusCode, response.body).toBe(409);
    return;
  }
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode).toBeLessThan(300);
}

describeEachDatabase('authorization matrix (RELIABILITY 11, 12)', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let ownerA: SignedIn;
  let memberA: SignedIn;
  let ownerB: SignedIn;
  let platformAdmin: SignedIn;
  let seeded: Seeded;
  beforeAll(async () => {
    app = await createTestApp(db(), {
      identity,
      config: testConfig({ PLATFORM_ADMIN_EMAILS: PLATFORM_ADMIN }),
    });
    ownerA = await signIn(app, identity, 'owner-a@example.com');
    await addMember(db(), ownerA.team.id, 'member-a@example.com');
    memberA = await signIn(app, identity, 'member-a@example.com');
    ownerB = await signIn(app, identity, 'owner-b@example.com');
    platformAdmin = await signIn(app, identity, PLATFORM_ADMIN);
    const login = await seedLogin(db(), ownerA.team.id, { userId: ownerA.user.id });
    seeded = {
      teamA: ownerA.team.id,
      accountA: login.accountIds[0] ?? '',
      resultA: await seedConnectionResult(db(), memberA),
    };
  });
  afterAll(() => app.close());

  const call = (name: Name, cookie?: string) => {
    const endpoint = ENDPOINTS[name];
    const entry = SAMPLE[name];
    const sample = typeof entry === 'function' ? entry(seeded) : entry;
    const path = buildPath(endpoint.path, sample.params ?? {});
    return api(app, {
      method: endpoint.method,
      url: sample.query ? `${path}?${sample.query}` : path,
      cookie,
      ...(sample.form ? { form: sample.form } : {}),
    });
  };

  it('every contract endpoint is served, and every /api route is a contract endpoint', () => {
    const apiRoutes = registeredRoutes(app).filter(
      (r) => r.url.startsWith('/api') && r.method !== 'HEAD',
    );
    const declared = entries.map(([, e]) => `${e.method} ${e.path}`);
    const served = apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect([...served].sort()).toEqual([...declared].sort());
    expect(Object.keys(SAMPLE).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  /** Refused with 403 and nothing changed (anyone but a platform admin on /admin's routes). */
  const expectForbidden = async (name: Name, cookie: string) => {
    const before = await snapshot(db());
    const response = await call(name, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await snapshot(db())).toEqual(before);
  };

  /** A caller from outside team A: never sees or changes team A's rows. */
  const expectOutsider = async (name: Name, cookie: string) => {
    const before = await snapshot(db(), ownerA.team.id);
    const response = await call(name, cookie);
    if (TEAM_A_OBJECT.has(name)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } else {
      expectAllowed(name, response);
    }
    expect(response.body).not.toContain(ownerA.team.id);
    expect(response.body).not.toContain('owner-a@example.com');
    expect(response.body).not.toContain('member-a@example.com');
    expect(await snapshot(db(), ownerA.team.id)).toEqual(before);
  };

  describe.each(entries)('%s', (name, endpoint) => {
    const access = endpoint.access;
    if (access.kind === 'public') {
      it('is public: anonymous callers are not refused with 401/403', async () => {
        const response = await call(name);
        expect([401, 403, 440]).not.toContain(response.statusCode);
      });
      return;
    }

    it('anonymous → 401', async () => {
      const response = await call(name);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });

    if (access.kind === 'platformAdmin') {
      it('a member holding every permission → 403, nothing changed', async () => {
        await setPermissionsExcept(db(), memberA.user.id, []);
        await expectForbidden(name, memberA.cookie);
      });

      it('a member of another team → 403, nothing changed', async () => {
        await expectForbidden(name, ownerB.cookie);
      });

      it('a platform admin signed in as themselves → allowed', async () => {
        // A fresh session each time: a switch re-issues the session id it was called with.
        const admin = await signIn(app, identity, PLATFORM_ADMIN);
        const response = await call(name, admin.cookie);
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode).toBeLessThan(300);
      });
      return;
    }

    if (access.permissions.length > 0) {
      it(`member without ${access.permissions.join(', ')} → 403, nothing changed`, async () => {
        await setPermissionsExcept(db(), memberA.user.id, access.permissions);
        const before = await snapshot(db());
        const response = await call(name, memberA.cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
        expect(await snapshot(db())).toEqual(before);
      });
    }

    it('member holding the permissions → allowed', async () => {
      await setPermissionsExcept(db(), memberA.user.id, []);
      expectAllowed(name, await call(name, memberA.cookie));
    });

    it("a member of another team never sees or changes team A's rows", async () => {
      await expectOutsider(name, ownerB.cookie);
    });

    it('a platform admin, not switched into team A, never sees or changes its rows', async () => {
      await expectOutsider(name, platformAdmin.cookie);
    });
  });

  // Probes outside /api: public to anyone, with or without a session or a unit header.
  describe.each(Object.entries(PROBES))('probe %s', (_name, probe) => {
    it('is served, answers 200 to anonymous, members and stale cookies alike, sets no cookie', async () => {
      expect(registeredRoutes(app)).toContainEqual({ method: probe.method, url: probe.path });
      for (const cookie of [undefined, memberA.cookie, `gds_session=${'a'.repeat(43)}`]) {
        const response = await app.inject({
          method: probe.method,
          url: probe.path,
          headers: cookie ? { cookie } : {},
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
  });
});
