import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS } from '@gds/contract';
import type { BuildAppOptions } from '../../src/app.ts';
import type { Config } from '../../src/config/config.ts';
import { createTokenCipher } from '../../src/crypto/token-cipher.ts';
import type { Db } from '../../src/db/database.ts';
import { sealContext } from '../../src/modules/credentials/seal-context.ts';
import { TinyBrowser, freePort } from './browser.ts';
import type { SandboxContext } from './connections.ts';
import { startSandboxApp } from './connections.ts';
import type { Endpoint } from '@gds/contract';
import { connectorRequest, contractBody, fetchedAnswer, urlOf } from './contract-call.ts';
import type { CallOptions, CallRest, ContractBody } from './contract-call.ts';
import { testReportFetchers } from './report-fetcher.ts';
import { createTestApp, fakeIdentity, testConfig } from './test-app.ts';
import { envKeys, tokenKey } from './token-keys.ts';

export const CLIENT_ID = 'looker-studio-test';
export const CLIENT_SECRET = 'test-connector-secret-0123456789abcdef';
export const REDIRECT_URI = 'http://localhost/harness/usercallback';
const KEY = tokenKey('v1', 7);

/** The Looker Studio connector's OAuth client, as a test app is configured with it. */
const CONNECTOR_CLIENT_ENV = {
  LOOKER_STUDIO_CLIENT_ID: CLIENT_ID,
  LOOKER_STUDIO_CLIENT_SECRET: CLIENT_SECRET,
  LOOKER_STUDIO_SCRIPT_IDS: 'AKfycbTestScriptId000',
  LOOKER_STUDIO_REDIRECT_URIS: REDIRECT_URI,
};

/**
 * A listening demo-mode app (the sandbox's providers, nothing stubbed) with the connector's
 * OAuth client: the Looker Studio path end to end. Provider calls may take 10 s (a shared test
 * machine is slow at times; the sandbox answers on loopback); `env` adds or overrides.
 */
export function startConnectorSandboxApp(
  db: Db,
  options: Parameters<typeof startSandboxApp>[1] = {},
): Promise<SandboxContext> {
  return startSandboxApp(db, {
    ...options,
    env: { ...CONNECTOR_CLIENT_ENV, CONNECTOR_TIMEOUT_MS: '10000', ...options.env },
  });
}

/** A listening app with the connector's OAuth client configured and a test report fetcher. */
export async function startDataApiApp(
  db: Db,
  options: Partial<BuildAppOptions> & { env?: Record<string, string> } = {},
) {
  const { env, ...rest } = options;
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const identity = fakeIdentity();
  const reports = testReportFetchers();
  const config: Config = testConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    APP_ORIGINS: `${base},http://localhost:3000`,
    TOKEN_ENCRYPTION_KEYS: envKeys(KEY),
    ...CONNECTOR_CLIENT_ENV,
    DATA_API_RETRY_BASE_MS: '1000',
    ...env,
  });
  const app = await createTestApp(db, {
    config,
    identity,
    reportFetchers: reports.fetchers,
    forceCloseConnections: true,
    ...rest,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base, identity, reports };
}

export type DataApiContext = Awaited<ReturnType<typeof startDataApiApp>>;

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/** The connector's authorization request address. */
export function authorizeUrl(
  base: string,
  input: { challenge?: string; method?: string; state?: string; scope?: string },
): string {
  const url = new URL(`${base}/connector-oauth/auth`);
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', input.scope ?? 'data.read');
  url.searchParams.set('state', input.state ?? 'connector-state');
  if (input.challenge) {
    url.searchParams.set('code_challenge', input.challenge);
    url.searchParams.set('code_challenge_method', input.method ?? 'S256');
  }
  return url.toString();
}

/**
 * A member authorizes the connector in a browser holding their session: the authorization
 * request, the app's consent page (its API call), Allow or Cancel, back to the connector.
 * Answers the redirect to the connector's callback.
 */
export async function consentAs(
  ctx: Pick<DataApiContext, 'base'>,
  sessionCookie: string,
  authorizeAt: string,
  decision: 'allow' | 'cancel' = 'allow',
): Promise<URL> {
  const browser = new TinyBrowser();
  const [name = '', value = ''] = sessionCookie.split('=');
  browser.cookies.set(name, value);
  const started = await browser.fetch(authorizeAt);
  expect(started.status, await started.clone().text()).toBe(303);
  const interaction = new URL(started.headers.get('location') ?? '', ctx.base);
  const toConsent = await browser.fetch(interaction.toString());
  expect(toConsent.status).toBe(303);
  const consentPage = new URL(toConsent.headers.get('location') ?? '', ctx.base);
  expect(consentPage.pathname).toBe('/connector-consent');
  const uid = consentPage.searchParams.get('uid') ?? '';
  const details = await fetchedAnswer(
    ENDPOINTS.getConnectorConsent,
    await browser.fetch(`${ctx.base}${urlOf(ENDPOINTS.getConnectorConsent, { query: { uid } })}`, {
      headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
    }),
  );
  expect(details.status, details.body).toBe(200);
  const decided = await browser.fetch(`${ctx.base}${details.json().action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.base },
    body: new URLSearchParams({ decision }).toString(),
  });
  expect(decided.status, await decided.clone().text()).toBe(303);
  const { url } = await browser.follow(
    new URL(decided.headers.get('location') ?? '', ctx.base).toString(),
    (next) => next.toString().startsWith(REDIRECT_URI),
  );
  return url;
}

/** The token endpoint, as the connector calls it (client_secret_post). */
export async function tokenRequest(base: string, form: Record<string, string>) {
  const response = await fetch(`${base}/connector-oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      ...form,
    }).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, string | number | undefined>,
  };
}

/** The whole authorization: consent, then the code exchanged; answers the token response. */
export async function authorizeConnector(ctx: Pick<DataApiContext, 'base'>, sessionCookie: string) {
  const { verifier, challenge } = pkce();
  const back = await consentAs(ctx, sessionCookie, authorizeUrl(ctx.base, { challenge }));
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  const tokens = await tokenRequest(ctx.base, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return {
    accessToken: String(tokens.body.access_token),
    refreshToken: String(tokens.body.refresh_token),
  };
}

/**
 * A data API endpoint called as the connector calls it, over real HTTP: method and path from
 * the contract, the bearer token, JSON in and out. A success must be exactly the endpoint's
 * declared response (checked here, on every call).
 */
export async function dataCall<E extends Endpoint>(
  base: string,
  token: string | undefined,
  endpoint: E,
  ...[options]: CallRest<E>
): Promise<
  {
    status: number;
    headers: Headers;
    body: Record<string, unknown>;
    text: string;
  } & ContractBody<E>
> {
  const { params, query, json } = (options ?? {}) as CallOptions<Endpoint>;
  const sent = connectorRequest({ bearer: token, json });
  const response = await fetch(`${base}${urlOf(endpoint, { params, query })}`, {
    method: endpoint.method,
    ...sent,
  });
  const text = await response.text();
  const read = contractBody(endpoint, response.status, text);
  if (response.status === 200) read.json();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as Record<string, unknown>,
    text,
    ...read,
  };
}

/** A Google Analytics login with accounts whose access token is sealed with the test key. */
export async function seedReportLogin(
  db: Db,
  teamId: string,
  input: { accounts?: number; accessToken?: string; userId?: string } = {},
) {
  const id = randomUUID();
  const cipher = createTokenCipher([KEY]);
  await db
    .insertInto('data_source_credentials')
    .values({
      id,
      team_id: teamId,
      connector_id: 1,
      external_user_id: `ext-${id}`,
      display_name: `login-${id.slice(0, 6)}`,
      access_token_enc: cipher.encrypt(
        input.accessToken ?? `token-${id}`,
        sealContext(id, 'access'),
      ),
      refresh_token_enc: null,
      key_version: KEY.version,
      created_by: input.userId ?? null,
    })
    .execute();
  const accounts = await db
    .insertInto('data_source_accounts')
    .values(
      Array.from({ length: input.accounts ?? 1 }, (_, i) => ({
        team_id: teamId,
        credential_id: id,
        connector_id: 1,
        external_id: `property-${id}-${i + 1}`,
        name: `Property ${i + 1}`,
        added_by: input.userId ?? null,
      })),
    )
    .returning('id')
    .execute();
  return { credentialId: id, accountIds: accounts.map((a) => a.id) };
}
