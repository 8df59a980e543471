import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS } from '@gds/contract';
import type { Endpoint } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import type { CallOptions } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import { hostileFormFor } from '../helpers/hostile-text.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { api, createTestApp, testConfig } from '../helpers/test-app.ts';

describeEachDatabase('request rules: unit header, origin, security headers, safe bodies', (db) => {
  let app: FastifyInstance;
  let owner: SignedIn;
  // Billing endpoints reach the payment provider: the app listens, so the sandbox billing
  // provider answers them (an app that does not listen cannot reach it, and its designed 502
  // would read as a crash here).
  beforeAll(async () => {
    const ctx = await startSandboxApp(db());
    app = ctx.app;
    owner = await signIn(app, ctx.identity, 'guard@example.com');
  });
  afterAll(() => app.close());

  const teamName = async () =>
    (
      await db()
        .selectFrom('teams')
        .select('name')
        .where('id', '=', owner.team.id)
        .executeTakeFirstOrThrow()
    ).name;
  const rename = (extra: CallOptions<typeof ENDPOINTS.updateTeamInfo>, name = 'Changed') =>
    call(app, ENDPOINTS.updateTeamInfo, { cookie: owner.cookie, form: { name }, ...extra });
  const config = (extra: CallOptions<typeof ENDPOINTS.getConfig> = {}) =>
    call(app, ENDPOINTS.getConfig, extra);

  describe('business unit header', () => {
    it('missing or unknown → 403 BUSINESS_UNIT_INVALID, nothing changed', async () => {
      const before = await teamName();
      const missing = await rename({ unit: null, host: 'localhost:3000' });
      expect(missing.statusCode).toBe(403);
      expect(missing.error()).toMatchObject({ code: 'BUSINESS_UNIT_INVALID' });
      const unknown = await rename({ headers: { [BUSINESS_UNIT_HEADER]: 'ACME_GDS' } });
      expect(unknown.error()).toMatchObject({ code: 'BUSINESS_UNIT_INVALID' });
      expect((await config({ unit: null, host: 'localhost:3000' })).statusCode).toBe(403);
      expect(await teamName()).toBe(before);
    });

    it('a header that is not the host’s unit → 403 BUSINESS_UNIT_MISMATCH', async () => {
      const response = await config({ unit: 'RAVEN_GDS', host: 'localhost:3000' });
      expect(response.statusCode).toBe(403);
      expect(response.error()).toMatchObject({ code: 'BUSINESS_UNIT_MISMATCH' });
    });

    it('a session never acts in another unit than its team’s (403, nothing changed)', async () => {
      const before = await teamName();
      const response = await rename({ unit: 'RAVEN_GDS' });
      expect(response.statusCode).toBe(403);
      expect(response.error()).toMatchObject({ code: 'BUSINESS_UNIT_MISMATCH' });
      const info = await call(app, ENDPOINTS.getTeamInfo, {
        cookie: owner.cookie,
        unit: 'TAPCLICKS_GDS',
      });
      expect(info.statusCode).toBe(403);
      expect(await teamName()).toBe(before);
    });
  });

  describe('origin', () => {
    it('a foreign Origin or a cross-site fetch → 403 ORIGIN_NOT_ALLOWED, nothing changed', async () => {
      const before = await teamName();
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
      ]) {
        const response = await rename({ headers });
        expect(response.statusCode).toBe(403);
        expect(response.error()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
      }
      const login = await call(app, ENDPOINTS.login, {
        headers: { origin: 'https://evil.example' },
      });
      expect(login.statusCode).toBe(403);
      expect(await teamName()).toBe(before);
    });

    it('the app’s own origin, same-site fetches and no Origin at all are accepted', async () => {
      expect(
        (
          await rename(
            { headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' } },
            'Ours',
          )
        ).statusCode,
      ).toBe(200);
      expect((await rename({}, 'No origin')).statusCode).toBe(200);
      expect(await teamName()).toBe('No origin');
    });

    it('GETs are not origin-checked (they change nothing)', async () => {
      const response = await config({ headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    const expectHeaders = (headers: Record<string, unknown>) => {
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    };

    it('are on API answers, errors, 404s and pages; API answers are not cached', async () => {
      for (const response of [
        await config(),
        await call(app, ENDPOINTS.getTeamInfo),
        // Not an endpoint, on purpose.
        await api(app, { url: '/api/nope' }),
        await config({ unit: null }),
      ]) {
        expectHeaders(response.headers);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['content-type']).toMatch(/application\/json/);
      }
      expectHeaders((await app.inject({ url: '/team', headers: { accept: 'text/html' } })).headers);
      expectHeaders((await app.inject({ url: '/missing.js' })).headers);
    });

    it('allow the tag manager only when a tag id is configured', async () => {
      const plain = String((await config()).headers['content-security-policy']);
      expect(plain).not.toContain('googletagmanager');
      const tagged = await createTestApp(db(), {
        config: testConfig({ GTAG_IDS: 'MEGALYTIC_GDS=G-TEST123' }),
      });
      const csp = String(
        (await call(tagged, ENDPOINTS.getConfig)).headers['content-security-policy'],
      );
      expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
      await tagged.close();
    });
  });

  describe('errors', () => {
    it('unknown API routes are JSON 404s', async () => {
      const response = await api(app, { method: 'POST', url: '/api/does/not/exist' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('validation errors name the field', async () => {
      const response = await rename({}, '   ');
      expect(response.statusCode).toBe(400);
      expect(response.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
      const query = await call(app, ENDPOINTS.getConnectorConfig, { query: { all: 'maybe' } });
      expect(query.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'all' });
    });
  });

  describe('body parsing: 4xx, never 5xx, and Object.prototype untouched', () => {
    // Raw bodies on purpose: the payload itself is what is being tried.
    const put = (payload: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
      app.inject({
        method: ENDPOINTS.updateTeamInfo.method,
        url: ENDPOINTS.updateTeamInfo.path,
        headers: {
          host: 'localhost:3000',
          [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS',
          cookie: owner.cookie,
          'content-type': contentType,
        },
        payload,
      });

    it('refuses prototype keys, floods, bad encoding, JSON and oversize bodies with 4xx', async () => {
      expect((await put('name=x&__proto__=1')).statusCode).toBe(400);
      expect((await put('name=x&constructor=1')).statusCode).toBe(400);
      expect(
        (await put(Array.from({ length: 5000 }, (_, i) => `k${i}=1`).join('&'))).statusCode,
      ).toBe(400);
      expect((await put('name=%E0%A4%A')).statusCode).toBe(400);
      const json = await put('{"name":"x"}', 'application/json');
      expect(json.statusCode).toBe(415);
      expect(json.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
      const big = await put(`name=${'a'.repeat(70 * 1024)}`);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
      // brackets are not expanded: a[b]=1 is just an unknown field
      expect((await put('name=Bracket&a[b][c][d][e]=1')).statusCode).toBe(200);
      expect(Object.keys(Object.prototype)).toEqual([]);
    });

    // Every endpoint with a body: a new one is in the property without being listed.
    const endpoints = ENDPOINTS as Record<string, Endpoint>;
    const withBody = Object.keys(endpoints).filter((name) => endpoints[name]?.body);

    it('no body of any shape, on any endpoint, gives a 5xx or touches Object.prototype (property)', async () => {
      expect(withBody).toEqual(
        expect.arrayContaining(['login', 'submitFormLogin', 'updateTeamInfo']),
      );
      const key = fc.oneof(
        fc.constantFrom(
          'name',
          '__proto__',
          'constructor',
          'prototype',
          'a[b]',
          '__proto__[polluted]',
          '%',
        ),
        fc.string({ maxLength: 12 }),
      );
      const pair = fc.tuple(key, fc.string({ maxLength: 20 })).map(([k, v]) => `${k}=${v}`);
      const request = fc.constantFrom(...withBody).chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.oneof(
            fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&')),
            fc.string({ unit: 'binary', maxLength: 200 }),
            // Control characters, DEL, NUL, lone surrogates, other scripts in its own fields.
            hostileFormFor([...fieldNames(endpoints[name]?.body), 'state', 'apiKey']),
          ),
        ),
      );
      await fc.assert(
        fc.asyncProperty(request, async ([name, payload]) => {
          const endpoint = endpoints[name] as Endpoint;
          const response = await app.inject({
            method: endpoint.method,
            url: endpoint.path.replace(/:\w+/g, 'x'),
            headers: {
              host: 'localhost:3000',
              [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS',
              cookie: owner.cookie,
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload,
          });
          expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
          expect(Object.keys(Object.prototype)).toEqual([]);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        {
          numRuns: 300,
          // Bodies that once gave a 500 are always among those tried.
          examples: [[['updateTeamInfo', 'name=Acme%00']], [['login', 'partnerKey=p%00']]],
        },
      );
    });

    it('a malformed query string is a 400, not a crash', async () => {
      // A raw query on purpose: no client would encode it so.
      const response = await api(app, { url: `${ENDPOINTS.getConnectorConfig.path}?all=%zz` });
      expect(response.statusCode).toBe(400);
    });
  });
});

/** The field names an endpoint's body schema declares (none for a record of any fields). */
function fieldNames(body: unknown): string[] {
  const shape = (body as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}
