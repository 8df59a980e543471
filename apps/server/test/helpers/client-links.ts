import { expect } from 'vitest';
import { BUSINESS_UNIT_HEADER, CLIENT_CONNECT_RESULT_PATH, ENDPOINTS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { failure } from '../../src/modules/connection/connection-oauth.ts';
import { recordConnectionResult } from '../../src/modules/connection/connection-results.service.ts';
import { hashToken, newToken } from '../../src/modules/sessions/session-token.ts';
import { TinyBrowser } from './browser.ts';
import type { SandboxContext } from './connections.ts';
import { consent } from './connections.ts';
import { fetchedAnswer, urlOf } from './contract-call.ts';

/** A client link of `teamId` written directly, in the state a test needs; answers its token. */
export async function seedClientLink(
  db: Db,
  link: {
    teamId: string;
    connectorId?: number;
    createdBy?: string | null;
    multiUse?: boolean;
    uses?: number;
    expiresInMs?: number;
    revoked?: boolean;
    recipientEmail?: string | null;
  },
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const now = new Date();
  const row = await db
    .insertInto('client_links')
    .values({
      team_id: link.teamId,
      connector_id: link.connectorId ?? 1,
      token_hash: hashToken(token),
      recipient_email: link.recipientEmail ?? null,
      multi_use: link.multiUse ?? false,
      uses: link.uses ?? 0,
      created_by: link.createdBy ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + (link.expiresInMs ?? 24 * 60 * 60 * 1000)),
      revoked_at: link.revoked ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** The client's browser: no session, its own client cookie once it starts a connection. */
export async function startAsClient(ctx: SandboxContext, token: string, email: string) {
  const browser = new TinyBrowser();
  const response = await browser.fetch(`${ctx.base}${ENDPOINTS.startClientConnection.path}`, {
    method: 'POST',
    headers: {
      [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token, email }).toString(),
  });
  const answer = await fetchedAnswer(ENDPOINTS.startClientConnection, response);
  return { browser, answer };
}

/**
 * The client's whole connection: start, the sandbox consent, the callback. Answers where the
 * callback sent the browser and what the result page reads.
 */
export async function connectAsClient(
  ctx: SandboxContext,
  token: string,
  email: string,
  options: Parameters<typeof consent>[2] = {},
) {
  const { browser, answer } = await startAsClient(ctx, token, email);
  expect(answer.status, answer.body).toBe(200);
  const back = await consent(browser, answer.json().authUri, options);
  const landed = await browser.fetch(back);
  expect(landed.status).toBe(303);
  const location = new URL(landed.headers.get('location') ?? '', back);
  const result = await readClientResult(browser, ctx.base, location.searchParams.get('id') ?? '');
  return { browser, location, result, providerRedirect: back };
}

/** getClientConnectionResult as the client's page asks it, with this browser's cookies. */
export async function readClientResult(browser: TinyBrowser, base: string, id: string) {
  const endpoint = ENDPOINTS.getClientConnectionResult;
  const response = await browser.fetch(`${base}${urlOf(endpoint, { query: { id } })}`, {
    headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
  });
  return fetchedAnswer(endpoint, response);
}

/**
 * A client's connection result recorded for a browser (as the provider's callback would);
 * answers its id and the browser's client cookie ("gds_client_connect=…").
 */
export async function seedClientConnectionResult(db: Db, teamId: string) {
  const browser = newToken();
  const location = await recordConnectionResult(
    { db, clock: () => new Date() },
    { sessionToken: browser, userId: null, teamId },
    { ...failure(null, 1), status: 'connected', credentialName: 'client-login', accountsAdded: 2 },
    CLIENT_CONNECT_RESULT_PATH,
  );
  const id = new URL(location, 'http://app.test').searchParams.get('id') ?? '';
  return { id, cookie: `gds_client_connect=${browser}` };
}
