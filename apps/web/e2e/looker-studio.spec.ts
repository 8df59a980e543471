import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { completeSignIn, expectAccessible, origin, signIn, uniqueEmail } from './support.ts';

const CALLBACK = 'http://localhost/e2e-connector/usercallback';

/** The connector's authorization request (PKCE S256), as Looker Studio's library sends it. */
function authorizeUrl(base: string): string {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${base}/connector-oauth/auth`);
  url.search = new URLSearchParams({
    client_id: 'e2e-connector',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'data.read',
    state: 'e2e-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Stands in for Apps Script's callback page: records where the browser was sent back. */
async function catchCallback(page: Page): Promise<() => URL | null> {
  let reached: URL | null = null;
  await page.route(`${CALLBACK}**`, (route) => {
    reached = new URL(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>connector</p>' });
  });
  return () => reached;
}

test('a member allows the connector on the branded consent screen, then sees and revokes it', async ({
  page,
}, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'consent') });
  const reached = await catchCallback(page);

  await page.goto(authorizeUrl(base));
  await page.waitForURL(/\/connector-consent\?uid=/);
  await expect(page.getByTestId('consent-summary')).toContainText(
    'The Looker Studio connector wants to read the data of the',
  );
  await expectAccessible(page);
  await page.getByTestId('consent-allow').click();
  // The redirect chain ends on the connector's callback page before the next navigation.
  await page.waitForURL(`${CALLBACK}**`);
  await expect.poll(() => reached()?.searchParams.get('code') ?? null).not.toBeNull();
  expect(reached()?.searchParams.get('state')).toBe('e2e-state');

  await page.goto(`${base}/data-sources`);
  const rows = page.getByTestId('connector-grant-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Looker Studio connector');
  await rows.first().getByTestId('revoke-grant').click();
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByTestId('connector-grants-empty')).toBeVisible();
});

test('Cancel sends the connector access_denied', async ({ page }, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'cancel') });
  const reached = await catchCallback(page);
  await page.goto(authorizeUrl(base));
  await page.getByTestId('consent-cancel').click();
  await expect.poll(() => reached()?.searchParams.get('error') ?? null).toBe('access_denied');
});

test('signed out, the consent screen asks to sign in and comes back to the request', async ({
  page,
}, testInfo) => {
  const base = origin();
  await page.goto(authorizeUrl(base));
  await page.waitForURL(/\/connector-consent\?uid=/);
  await page.getByTestId('consent-sign-in-button').click();
  await completeSignIn(page, { email: uniqueEmail(testInfo, 'signed-out') });
  await page.waitForURL(/\/connector-consent\?uid=/);
  await expect(page.getByTestId('consent-allow')).toBeVisible();
});
