import { expect, test } from '@playwright/test';
import { answerConsent, chooseConnector, connectOAuth } from './data-sources-support.ts';
import { origin, signIn, uniqueEmail } from './support.ts';

const PINTEREST = { nameSimple: 'pinterest-ads', name: 'Pinterest Ads' };
/** An address the server's default allow-list accepts; no test may ever reach it. */
const FORGED_RETURN = 'https://script.google.com/macros/s/ANY/exec';

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo), firstName: 'Dana' });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();
  await expect(page).toHaveTitle('Data Sources | Megalytic Google Data Studio Connector');
});

test('connecting an OAuth connector: Allow adds its accounts, Deny adds nothing', async ({
  page,
}) => {
  await expect(page.getByTestId('data-sources-empty')).toBeVisible();

  await chooseConnector(page, PINTEREST.nameSimple, 'pinterest');
  await expect(page.getByTestId('connector-oauth-hint')).toHaveText(
    'Make sure you are logged in with the correct Pinterest Ads account or go to Pinterest Ads and log out.',
  );
  await expect(page.getByTestId('connector-auth-link')).toHaveText('Log in with Pinterest Ads');
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Pinterest Ads', 'Deny');
  await expect(page.getByTestId('result-denied')).toBeVisible();
  await page.goto('/data-sources');
  await expect(page.getByTestId('data-sources-empty')).toBeVisible();

  await chooseConnector(page, PINTEREST.nameSimple, 'Pinterest Ads');
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Pinterest Ads', 'Allow', 'ops@northwind.example');
  // The provider's callback hands the page an opaque result id and nothing else.
  await page.waitForURL(/\/data-sources\/callback\?id=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText('Your Pinterest Ads account was connected')).toBeVisible();
  await expect(page.getByTestId('accounts-added')).toContainText('3');
  await page.getByTestId('result-back').click();

  const group = page.getByTestId('connector-group').filter({ hasText: 'Pinterest Ads' });
  await expect(group.getByTestId('credential-group')).toContainText('ops@northwind.example');
  await expect(group.getByTestId('account-row')).toHaveCount(3);
  await expect(group.getByTestId('account-row').first()).toHaveAttribute(
    'data-status',
    'connected',
  );
  await expect(page.getByTestId('accounts-meter')).toContainText('3 of 20 accounts used');
});

test('a Google-type connector offers Sign in with Google', async ({ page }) => {
  await chooseConnector(page, 'google-analytics', 'Google Analytics');
  const link = page.getByTestId('connector-auth-link');
  await expect(link.getByRole('img', { name: 'Sign in with Google' })).toBeVisible();
  await link.click();
  await answerConsent(page, 'Google Analytics', 'Allow');
  await expect(page.getByText('Your Google Analytics account was connected')).toBeVisible();
});

test('a form connector checks the credentials with the provider', async ({ page }) => {
  await chooseConnector(page, 'callrail', 'CallRail');
  const modal = page.getByRole('dialog', { name: 'Login to CallRail' });
  await modal.getByLabel('API key').fill('wrong-key');
  await modal.getByLabel('Account ID').fill('ACC-1');
  await modal.getByRole('button', { name: 'Login with CallRail' }).click();
  await expect(page.getByText('CallRail account was not valid')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('data-sources-empty')).toBeVisible();

  await chooseConnector(page, 'callrail', 'CallRail');
  await modal.getByRole('button', { name: 'Login with CallRail' }).click();
  await expect(modal.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await modal.getByLabel('API key').fill('demo-key');
  await modal.getByLabel('Account ID').fill('ACC-1');
  await modal.getByRole('button', { name: 'Login with CallRail' }).click();
  await expect(page.getByText('Your CallRail account was connected')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('connector-group').filter({ hasText: 'CallRail' })).toBeVisible();
});

test('a deleted account can be restored as it was', async ({ page }) => {
  await connectOAuth(page, PINTEREST);
  const rows = page.getByTestId('account-row');
  await expect(rows).toHaveCount(3);
  const first = rows.first();
  const accountId = await first.getAttribute('data-account-id');

  await first.getByTestId('delete-account-button').click();
  await page.getByTestId('confirm-delete-button').click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('accounts-meter')).toContainText('2 of 20 accounts used');

  await page.getByTestId('tab-deleted').click();
  const deleted = page.getByTestId('deleted-account-row');
  await expect(deleted).toHaveCount(1);
  await expect(deleted).toContainText('Dana');
  await deleted.getByTestId('restore-account-button').click();
  await expect(deleted).toHaveCount(0);

  await page.getByTestId('tab-accounts').click();
  await expect(rows).toHaveCount(3);
  await expect(page.locator(`[data-account-id="${accountId}"]`)).toHaveAttribute(
    'data-status',
    'connected',
  );
});

test('search and status filter narrow the list', async ({ page }) => {
  await connectOAuth(page, PINTEREST);
  await page.getByTestId('account-search').fill('demo 2');
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await page.getByTestId('account-search').fill('');
  await page.getByTestId('status-filter').selectOption('needs_reconnect');
  await expect(page.getByTestId('account-row')).toHaveCount(0);
  await page.getByTestId('clear-filters').click();
  await expect(page.getByTestId('account-row')).toHaveCount(3);
});

test('a hand-made result link shows no success and goes nowhere', async ({ page }) => {
  const leaving: string[] = [];
  await page.route('https://script.google.com/**', (route) => {
    leaving.push(route.request().url());
    return route.abort();
  });
  await page.clock.install();
  const forged = `/data-sources/callback?status=connected&connector=20&credentialName=x&accountsAdded=3&redirectUri=${encodeURIComponent(FORGED_RETURN)}`;
  for (const path of [forged, `${forged}&id=${'x'.repeat(43)}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'No connection result to show' })).toBeVisible();
    await expect(page.getByTestId('result-connected')).toHaveCount(0);
    await expect(page.getByText(/account was connected/)).toHaveCount(0);
    await page.clock.runFor(10_000);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  }
  expect(leaving).toEqual([]);
  await page.getByRole('link', { name: 'Go to Data Sources' }).click();
  await page.waitForURL(/\/data-sources$/);
});

test('a result is shown to the session that connected only', async ({
  page,
  browser,
}, testInfo) => {
  await chooseConnector(page, PINTEREST.nameSimple, PINTEREST.name);
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, PINTEREST.name, 'Allow');
  await expect(page.getByTestId('result-connected')).toBeVisible();
  const resultUrl = page.url();

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signIn(stranger, origin(), { email: uniqueEmail(testInfo, 'stranger') });
  await stranger.goto(resultUrl);
  await expect(
    stranger.getByRole('heading', { name: 'No connection result to show' }),
  ).toBeVisible();
  await expect(stranger.getByTestId('result-connected')).toHaveCount(0);
  await other.close();
});
