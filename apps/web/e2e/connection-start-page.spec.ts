import { expect, test } from '@playwright/test';
import { answerConsent } from './data-sources-support.ts';
import { completeSignIn, uniqueEmail } from './support.ts';

const LOOKER_RETURN = 'https://script.google.com/macros/d/e2e-connector/usercallback';
const AUTH_PATH = `/auth?integration_type=1&redirectUri=${encodeURIComponent(LOOKER_RETURN)}`;

test('the Looker Studio page signs in, connects, then offers the existing credential', async ({
  page,
}, testInfo) => {
  await page.goto(AUTH_PATH);
  await expect(page).toHaveTitle('Add Data Source | Megalytic Google Data Studio Connector');
  await page.getByTestId('auth-sign-in-button').click();
  await completeSignIn(page, { email: uniqueEmail(testInfo) });
  await page.waitForURL(/\/auth\?/);
  await expect(page).toHaveURL(/\/auth\?.*integration_type=1/);

  // No credential yet: only the credential panel.
  await expect(page.getByTestId('auth-credentials')).toHaveCount(0);
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Google Analytics', 'Allow', 'reports@agency.example');
  await page.waitForURL(/\/data-sources\/callback\?id=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('result-auto')).toContainText('Continuing to script.google.com');
  // Continue goes to the address stored when the connection started (answered locally here).
  await page.route(LOOKER_RETURN, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Looker Studio</title>' }),
  );
  await page.getByTestId('result-continue').click();
  await page.waitForURL(LOOKER_RETURN);

  await page.goto(AUTH_PATH);
  await expect(
    page.getByText('You are currently logged in with 1 Google Analytics account(s)'),
  ).toBeVisible();
  await expect(page.getByTestId('auth-credentials')).toContainText('reports@agency.example (');
  const proceed = page.getByRole('link', { name: 'Continue with this/these account(s)' });
  await expect(proceed).toHaveAttribute('href', LOOKER_RETURN);
  await expect(page.getByText('Or log-in with another account:')).toBeVisible();
  await expect(page.getByTestId('connector-auth-link')).toBeVisible();
});

test('a return address off the allow-list is refused', async ({ page }, testInfo) => {
  await page.goto(
    `/auth?integration_type=1&redirectUri=${encodeURIComponent('https://evil.example/steal')}`,
  );
  await page.getByTestId('auth-sign-in-button').click();
  await completeSignIn(page, { email: uniqueEmail(testInfo) });
  await expect(page.getByTestId('redirect-not-allowed')).toContainText(
    'This return address is not allowed',
  );
  await expect(page.getByTestId('connector-auth-link')).toHaveCount(0);
});
