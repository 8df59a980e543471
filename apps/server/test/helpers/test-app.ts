import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BUSINESS_UNIT_HEADER } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { buildApp } from '../../src/app.ts';
import type { BuildAppOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { Config } from '../../src/config/config.ts';
import type { Db } from '../../src/db/database.ts';
import type {
  IdentityClaims,
  IdentityProvider,
} from '../../src/modules/sign-in/identity-provider.ts';

/** A movable clock: tests step time forward to cross idle and absolute limits. */
export function testClock(start = new Date('2026-01-05T09:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gds-server-test-'));
}

/** One data dir per test worker: the sandbox's RSA key is generated once, not per app. */
let sharedDataDir: string | undefined;

/** Chargebee's settings a configuration with the sandbox off must carry (never called here). */
export const CHARGEBEE_LIVE_ENV = {
  CHARGEBEE_SITE: 'gds-test',
  CHARGEBEE_API_KEY: 'test_live_key',
  CHARGEBEE_WEBHOOK_USERNAME: 'hook',
  CHARGEBEE_WEBHOOK_PASSWORD: 'hook-password',
} as const;

export function testConfig(env: Record<string, string> = {}): Config {
  sharedDataDir ??= tempDir();
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: sharedDataDir,
    LOG_LEVEL: 'silent',
    // Suites sign in many times from one address within one test-clock minute; the limit
    // itself is tested in http/rate-limit.test.ts with a small value.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    ...env,
  });
}

/**
 * Stands in for Google / the sandbox in most tests: the authorization URL carries the state,
 * and the token call answers `claims` (counted, so tests can prove no call was made).
 */
export function fakeIdentity() {
  const fake = {
    kind: 'sandbox' as const,
    tokenCalls: 0,
    claims: undefined as Partial<IdentityClaims> | undefined,
    authorizationUrl(input: { redirectUri: string; state: string }) {
      const url = new URL('https://idp.test/authorize');
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      return Promise.resolve(url.toString());
    },
    exchange(): Promise<IdentityClaims> {
      fake.tokenCalls += 1;
      return Promise.resolve({
        email: 'owner@example.com',
        emailVerified: true,
        givenName: 'Olive',
        familyName: 'Owner',
        name: '',
        picture: '',
        ...fake.claims,
      });
    },
  };
  return fake satisfies IdentityProvider;
}

export type FakeIdentity = ReturnType<typeof fakeIdentity>;

export async function createTestApp(
  db: Db,
  options: Partial<BuildAppOptions> & { identity?: FakeIdentity } = {},
): Promise<FastifyInstance> {
  const { identity, ...rest } = options;
  const app = await buildApp({
    config: options.config ?? testConfig(),
    db,
    // Silent, unless a test reads the server's own log lines (logStream).
    ...(options.logStream ? {} : { logger: false }),
    distDir: path.join(tempDir(), 'no-dist'),
    validateResponses: true,
    ...(identity ? { wrapIdentity: () => identity } : {}),
    ...rest,
  });
  await app.ready();
  return app;
}

export const HOSTS: Record<BusinessUnit, string> = {
  MEGALYTIC_GDS: 'localhost:3000',
  RAVEN_GDS: 'raven.localhost:3000',
  TAPCLICKS_GDS: 'tapclicks.localhost:3000',
};

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  cookie?: string | undefined;
  unit?: BusinessUnit | null;
  host?: string;
  form?: Record<string, string>;
  /** A body sent as it is (JSON, say), with the content type set in `headers`. */
  payload?: string | undefined;
  headers?: Record<string, string>;
}

/** An API call as the SPA makes it: unit header, host of that unit, form-encoded body. */
export function api(app: FastifyInstance, request: ApiRequest) {
  const unit = request.unit === undefined ? 'MEGALYTIC_GDS' : request.unit;
  const headers: Record<string, string> = {
    host: request.host ?? HOSTS[unit ?? 'MEGALYTIC_GDS'],
    ...(unit ? { [BUSINESS_UNIT_HEADER]: unit } : {}),
    ...(request.cookie ? { cookie: request.cookie } : {}),
    ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...request.headers,
  };
  return app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers,
    ...(request.form ? { payload: new URLSearchParams(request.form).toString() } : {}),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** "name=value" of the session cookie a response set, or undefined. */
export function sessionCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = response.cookies.find((c) => c.name.endsWith('gds_session'));
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}
