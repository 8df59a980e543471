import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS } from '@gds/contract';
import type { ConnectionResult, Endpoint } from '@gds/contract';
import type { BuildAppOptions } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { Config } from '../../src/config/config.ts';
import type { Db } from '../../src/db/database.ts';
import { failure } from '../../src/modules/connection/connection-oauth.ts';
import { recordConnectionResult } from '../../src/modules/connection/connection-results.service.ts';
import { SandboxProviderControl } from '@gds/sandbox';
import { TinyBrowser, freePort } from './browser.ts';
import { call, fetchedAnswer, urlOf } from './contract-call.ts';
import type { CallOptions, CallRest } from './contract-call.ts';
import { createTestApp, fakeIdentity, testConfig } from './test-app.ts';

/** The query of startConnection, as tests write it. */
export type StartQuery = NonNullable<CallOptions<typeof ENDPOINTS.startConnection>['query']>;

/** An app listening on a free port with its sandbox providers, as demo mode runs. */
export interface SandboxContext {
  app: FastifyInstance;
  config: Config;
  base: string;
  host: string;
  control: SandboxProviderControl;
  identity: ReturnType<typeof fakeIdentity>;
}

/**
 * Connecting talks HTTP to the sandbox providers at PUBLIC_URL, so these tests listen. Sign-in
 * still goes through the fake identity provider (signIn helper). Provider calls time out fast.
 */
export async function startSandboxApp(
  db: Db,
  options: Partial<BuildAppOptions> & { env?: Record<string, string> } = {},
): Promise<SandboxContext> {
  const { env, ...rest } = options;
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const control = options.sandboxProviders ?? new SandboxProviderControl();
  const identity = fakeIdentity();
  const config = testConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    // The sign-in helpers call on localhost:3000; connecting happens on the listening origin.
    APP_ORIGINS: `${base},http://localhost:3000`,
    CONNECTOR_TIMEOUT_MS: '1000',
    ...env,
  });
  const app = await createTestApp(db, {
    config,
    identity,
    sandboxProviders: control,
    forceCloseConnections: true,
    ...rest,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base, host: `localhost:${port}`, control, identity };
}

/** A contract call on the listening app's own host (its origin is the one providers return to). */
export function callAt<E extends Endpoint>(
  ctx: SandboxContext,
  endpoint: E,
  ...[options]: CallRest<E>
) {
  return call(ctx.app, endpoint, ...([{ host: ctx.host, ...options }] as CallRest<E>));
}

export async function startConnect(ctx: SandboxContext, cookie: string, query: StartQuery) {
  const response = await callAt(ctx, ENDPOINTS.startConnection, {
    query: { type: 'reauth', ...query },
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A browser holding the session cookie of `cookie` ("gds_session=…"). */
export function browserWith(cookie: string): TinyBrowser {
  const browser = new TinyBrowser();
  const [name = '', value = ''] = cookie.split('=');
  browser.cookies.set(name, value);
  return browser;
}

/**
 * Clicks through the sandbox consent page: answers the provider's redirect back to our
 * callback (not yet followed), so tests can send it where they like.
 */
export async function consent(
  browser: TinyBrowser,
  authUri: string,
  options: { login?: string; decision?: 'allow' | 'deny'; uncheck?: number[] } = {},
): Promise<string> {
  const page = await browser.fetch(authUri);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const form = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="(\w+)" value="([^"]*)">/g,
  )) {
    form.set(name, value.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  form.set('login', options.login ?? /id="login"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? '');
  for (const [, n = ''] of html.matchAll(/name="account_(\d+)"/g)) {
    if (!options.uncheck?.includes(Number(n))) form.set(`account_${n}`, 'on');
  }
  form.set('decision', options.decision ?? 'allow');
  const answer = await browser.fetch(new URL(action, authUri).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(answer.status, await answer.clone().text()).toBe(303);
  return answer.headers.get('location') ?? '';
}

/**
 * Follows the provider's redirect to our callback; answers where the callback sent the browser
 * (the SPA page, whose only query is the result id when there is a result).
 */
export async function callbackLocation(browser: TinyBrowser, url: string): Promise<URL> {
  const response = await browser.fetch(url);
  expect(response.status, await response.clone().text()).toBe(303);
  const location = new URL(response.headers.get('location') ?? '', url);
  expect(location.origin).toBe(new URL(url).origin);
  expect(location.pathname).toBe('/data-sources/callback');
  return location;
}

/** getConnectionResult as the SPA page asks it, with this browser's cookie. */
export async function readResult(browser: TinyBrowser, base: string, id: string) {
  const endpoint = ENDPOINTS.getConnectionResult;
  const response = await browser.fetch(`${base}${urlOf(endpoint, { query: { id } })}`, {
    headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
  });
  return fetchedAnswer(endpoint, response);
}

/** Follows the provider's redirect to our callback; answers the outcome the SPA page shows. */
export async function callback(browser: TinyBrowser, url: string) {
  const location = await callbackLocation(browser, url);
  expect([...location.searchParams.keys()]).toEqual(['id']);
  const answer = await readResult(browser, location.origin, location.searchParams.get('id') ?? '');
  expect(answer.status, answer.body).toBe(200);
  return answer.json();
}

/** The whole OAuth connection as a person does it; answers the outcome the SPA page shows. */
export async function connectOAuth(
  ctx: SandboxContext,
  cookie: string,
  connectorId: number,
  options: Parameters<typeof consent>[2] & { query?: StartQuery } = {},
) {
  const start = await startConnect(ctx, cookie, {
    integration_type: connectorId,
    ...options.query,
  });
  const browser = browserWith(cookie);
  const back = await consent(browser, start.authUri ?? '', options);
  return { start, result: await callback(browser, back), providerRedirect: back };
}

/** A login with accounts, written directly (for screens and limits, without a provider). */
export async function seedLogin(
  db: Db,
  teamId: string,
  input: { connectorId?: number; accounts?: number; userId?: string | null; name?: string } = {},
) {
  const id = randomUUID();
  const connectorId = input.connectorId ?? 1;
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: teamId,
      connector_id: connectorId,
      external_user_id: `ext-${id}`,
      display_name: input.name ?? `login-${id.slice(0, 6)}`,
      access_token_enc: 'not-a-real-ciphertext',
      refresh_token_enc: null,
      key_version: 'v1',
      created_by: input.userId ?? null,
    })
    .execute();
  const count = input.accounts ?? 2;
  if (count === 0) return { credentialId: id, accountIds: [] as string[] };
  const accounts = await db
    .insertInto('data_source_accounts')
    .values(
      Array.from({ length: count }, (_, i) => ({
        team_id: teamId,
        credential_id: id,
        connector_id: connectorId,
        external_id: `acc-${id}-${i + 1}`,
        name: `Account ${i + 1}`,
        added_by: input.userId ?? null,
      })),
    )
    .returning('id')
    .execute();
  return { credentialId: id, accountIds: accounts.map((a) => a.id) };
}

/** A connection result recorded for the session of `who` (as its OAuth callback would). */
export async function seedConnectionResult(
  db: Db,
  who: { cookie: string; user: { id: string } },
  result: Partial<ConnectionResult> = {},
  clock: Clock = () => new Date(),
): Promise<string> {
  const location = await recordConnectionResult(
    { db, clock },
    { sessionToken: who.cookie.split('=')[1] ?? '', userId: who.user.id },
    { ...failure(null, 1), status: 'connected', credentialName: 'seeded', ...result },
  );
  return new URL(location, 'http://app.test').searchParams.get('id') ?? '';
}
