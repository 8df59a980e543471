import { expect, test } from '@playwright/test';
import { answerConsent, chooseConnector, connectOAuth } from './data-sources-support.ts';
import { origin, signIn, uniqueEmail } from './support.ts';

// The "fast" server: sandbox tokens live 302 s, the refresher refreshes 300 s before expiry
// every second, the app re-checks health every 2 s, and each sandbox credential has 10 accounts.
const base = () => origin('localhost', process.env.E2E_FAST_PORT);
const PINTEREST = { nameSimple: 'pinterest-ads', name: 'Pinterest Ads' };

test.beforeEach(async ({ page }, testInfo) => {
  await signIn(page, base(), { email: uniqueEmail(testInfo), firstName: 'Rae' });
  await page.goto(`${base()}/data-sources`);
});

test('a credential revoked at the provider asks to reconnect, and reconnecting updates it in place', async ({
  page,
}) => {
  const credentialName = `revoked-${Date.now()}@northwind.example`;
  await connectOAuth(page, PINTEREST, credentialName);
  const group = page.getByTestId('credential-group').filter({ hasText: credentialName });
  await expect(group).toBeVisible();
  const accountIds = await page
    .getByTestId('account-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-account-id')));

  await page.goto(`${base()}/sandbox/providers/console`);
  await page
    .getByRole('listitem')
    .filter({ hasText: credentialName })
    .getByRole('button', { name: 'Revoke access' })
    .click();
  await page.goto(`${base()}/data-sources`);

  // The refresher finds out on its own; the screen's health check shows it without a reload.
  const reconnect = page.getByRole('button', { name: `Reconnect ${credentialName}` });
  await expect(reconnect).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('credential-status-reason')).toContainText('Reconnect');

  await reconnect.click();
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Pinterest Ads', 'Allow', credentialName);
  await expect(page.getByTestId('result-connected')).toBeVisible();
  await page.getByTestId('result-back').click();
  await expect(page.getByRole('button', { name: `Reconnect ${credentialName}` })).toHaveCount(0);
  await expect(page.getByTestId('credential-group')).toHaveCount(1);
  const after = await page
    .getByTestId('account-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-account-id')));
  expect(after.sort()).toEqual(accountIds.sort());
});

test('the plan limit stops new accounts and refuses a restore past it', async ({ page }) => {
  await connectOAuth(page, PINTEREST, `first-${Date.now()}@acme.example`);
  await connectOAuth(page, PINTEREST, `second-${Date.now()}@acme.example`);
  await expect(page.getByTestId('accounts-meter')).toContainText('20 of 20 accounts used');

  // Make room, then fill it again: the deleted account can no longer come back.
  await page.getByTestId('account-row').first().getByTestId('delete-account-button').click();
  await page.getByTestId('confirm-delete-button').click();
  await expect(page.getByTestId('accounts-meter')).toContainText('19 of 20 accounts used');
  await chooseConnector(page, PINTEREST.nameSimple, 'Pinterest Ads');
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Pinterest Ads', 'Allow', `third-${Date.now()}@acme.example`);
  await expect(page.getByTestId('accounts-added')).toContainText('1');
  await expect(page.getByTestId('accounts-skipped')).toContainText('9');
  await page.getByTestId('result-back').click();

  await page.getByTestId('tab-deleted').click();
  await page.getByTestId('restore-account-button').click();
  await expect(page.getByTestId('restore-error')).toContainText("plan's limit of 20 accounts");
  await expect(page.getByTestId('deleted-account-row')).toHaveCount(1);
});
