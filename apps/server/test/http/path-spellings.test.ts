import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS, connectorCallbackPath } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { call, urlOf } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { seedLogin } from '../helpers/connections.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import type { RawResponse } from '../helpers/raw-http.ts';
import { signIn, startSignIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code}`;
};
/** "/api/team/info" → ["", "api", "team/info"]: the first segment and the rest. */
const split = (path: string) => {
  const slash = path.indexOf('/', 1);
  return { first: path.slice(1, slash), rest: path.slice(slash + 1) };
};

/** Ways to write a path that a router or a proxy may read as the path itself. */
const SPELLINGS: Record<string, (path: string) => string> = {
  'an encoded first letter': (p) => `/${hex(p[1] ?? '', false)}${p.slice(2)}`,
  'upper-case hex': (p) => `${p.slice(0, -1)}${hex(p.at(-1) ?? '', true)}`,
  'lower-case hex': (p) => `${p.slice(0, -1)}${hex(p.at(-1) ?? '', false)}`,
  'an encoded first segment': (p) =>
    `/${[...split(p).first].map((c) => hex(c, true)).join('')}/${split(p).rest}`,
  'an encoded slash': (p) => `/${split(p).first}%2F${split(p).rest}`,
  'a lower-case encoded slash': (p) => `/${split(p).first}%2f${split(p).rest}`,
  'an encoded backslash': (p) => `/${split(p).first}%5C${split(p).rest}`,
  'a backslash': (p) => `/${split(p).first}\\${split(p).rest}`,
  'a doubled leading slash': (p) => `/${p}`,
  'a doubled inner slash': (p) => `/${split(p).first}//${split(p).rest}`,
  'a dot segment': (p) => `/.${p}`,
  'a dot-dot segment': (p) => `/x/..${p}`,
  'encoded dot segments': (p) => `/x/%2E%2E${p}`,
  'a trailing slash': (p) => `${p}/`,
  'upper case': (p) => `/${split(p).first.toUpperCase()}/${split(p).rest}`,
  'mixed case': (p) => `/${p[1]?.toUpperCase() ?? ''}${p.slice(2)}`,
  'the absolute form': (p) => `http://localhost:3000${p}`,
  'a fragment': (p) => `${p}#top`,
};

interface Attack {
  method: string;
  path: string;
  query?: string;
  body?: string;
}

/** An endpoint's method and canonical path: the spellings are applied to that path. */
const route = (endpoint: Endpoint, params?: Record<string, string>) => ({
  method: endpoint.method,
  path: urlOf(endpoint, { params }),
});

/** The rename route, canonically written. */
const RENAME = ENDPOINTS.updateTeamInfo.path;

/** Forged from another site: no unit header, a foreign Origin, the victim's cookie. */
const FORGED = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

describeEachDatabase('every spelling of a path is judged by the route it reaches', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let port: number;
  let owner: SignedIn;
  let attacks: Attack[];
  let deletedAccount: string;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, forceCloseConnections: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    owner = await signIn(app, identity, 'spelling@example.com');
    const { accountIds } = await seedLogin(db(), owner.team.id, { accounts: 2 });
    const [active = '', deleted = ''] = accountIds;
    deletedAccount = deleted;
    const removed = await call(app, ENDPOINTS.deleteAccount, {
      params: { accountId: deleted },
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    const pending = await startSignIn(app);
    attacks = [
      { ...route(ENDPOINTS.updateTeamInfo), body: 'name=Forged' },
      route(ENDPOINTS.restoreAccount, { accountId: deleted }),
      route(ENDPOINTS.deleteAccount, { accountId: active }),
      route(ENDPOINTS.logout),
      { ...route(ENDPOINTS.login), query: 'nextUrl=Team' },
      { ...route(ENDPOINTS.submitFormLogin), body: 'state=forged&apiKey=k' },
      { ...route(ENDPOINTS.startConnection), query: 'integration_type=1&type=reauth' },
      {
        ...route(ENDPOINTS.loginCallback),
        query: `code=ok&state=${encodeURIComponent(pending.state)}`,
      },
      { method: 'GET', path: connectorCallbackPath('google-analytics'), query: 'code=x&state=y' },
      // Not an endpoint, on purpose.
      { method: 'GET', path: '/api/no/such/endpoint' },
    ];
  });
  afterAll(() => app.close());

  const send = (attack: Attack, target: string, headers: Record<string, string> = FORGED) =>
    rawRequest(port, {
      method: attack.method,
      target: attack.query ? `${target}?${attack.query}` : target,
      headers: {
        cookie: owner.cookie,
        ...(attack.body !== undefined
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : {}),
        ...headers,
      },
      ...(attack.body !== undefined ? { body: attack.body } : {}),
    });

  const expectRefused = (response: RawResponse, what: string) => {
    expect(response.status, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.status, what).toBeLessThan(500);
    expect(JSON.parse(response.body), what).toEqual({
      error: {
        code: expect.any(String) as string,
        message: expect.any(String) as string,
        requestId: response.headers['x-request-id'],
      },
    });
    expect(response.headers['cache-control'], what).toBe('no-store');
    expect(response.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  };

  it('no spelling of a state-changing route changes anything, and every answer is no-store', async () => {
    const before = await everyRow(db());
    for (const attack of attacks) {
      for (const [name, spell] of Object.entries(SPELLINGS)) {
        const what = `${attack.method} ${name}: ${spell(attack.path)}`;
        expectRefused(await send(attack, spell(attack.path)), what);
      }
      // Written canonically, the guards refuse it too (the OAuth callback never answers 4xx).
      if (!attack.path.startsWith('/oauth')) {
        expectRefused(await send(attack, attack.path), `${attack.method} ${attack.path}`);
      }
    }
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    const session = await call(app, ENDPOINTS.getSession, { cookie: owner.cookie });
    expect(session.statusCode, 'the session is still alive').toBe(200);
    const account = await db()
      .selectFrom('data_source_accounts')
      .select('deleted_at')
      .where('id', '=', deletedAccount)
      .executeTakeFirstOrThrow();
    expect(account.deleted_at).not.toBeNull();
  });

  it('the same request sent as the app sends it is served (the refusals are not the harness)', async () => {
    const rename = await send(attacks[0] as Attack, RENAME, {
      [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS',
      origin: 'http://localhost:3000',
    });
    expect(rename.status, rename.body).toBe(200);
    expect(rename.headers['cache-control']).toBe('no-store');
    // Escapes of characters that must be escaped are the canonical spelling: not refused.
    const escaped = await rawRequest(port, {
      target: `${connectorCallbackPath('google%20analytics')}?code=x&state=y`,
    });
    expect(escaped.status).toBe(303);
  });

  it('no random spelling of the rename route gets past the guards (property)', async () => {
    const path = RENAME;
    const spelled = fc
      .array(
        fc.record({
          encode: fc.constantFrom('no', 'no', 'upper', 'lower'),
          flipCase: fc.boolean(),
          extra: fc.constantFrom('', '', '', '/', '/.', '/x/..'),
        }),
        { minLength: path.length, maxLength: path.length },
      )
      .map((choices) =>
        [...path]
          .map((char, i) => {
            const { encode, flipCase, extra } = choices[i] ?? { encode: 'no', flipCase: false };
            if (char === '/') return `${extra ?? ''}/`;
            const letter = flipCase && i < 4 ? char.toUpperCase() : char;
            return encode === 'no' ? letter : hex(letter, encode === 'upper');
          })
          .join(''),
      );
    const before = await everyRow(db());
    await fc.assert(
      fc.asyncProperty(spelled, async (target) => {
        fc.pre(target !== path);
        expectRefused(await send({ method: 'PUT', path, body: 'name=Forged' }, target), target);
      }),
      { numRuns: 80 },
    );
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
  });
});

describe('spellings', () => {
  it('each spelling really differs from the path it spells', () => {
    for (const spell of Object.values(SPELLINGS)) {
      expect(spell(RENAME)).not.toBe(RENAME);
    }
  });
});
