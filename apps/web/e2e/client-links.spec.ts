import { expect, test } from '@playwright/test';
import { answerConsent } from './data-sources-support.ts';
import { expectAccessible, origin, signIn, uniqueEmail } from './support.ts';

test('a client connects their accounts through a link, without an account; the link then says it was used', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, the provider's consent and three accessibility scans.
  test.setTimeout(90_000);
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'agency'), firstName: 'Dana' });
  const teamName = (await page.getByTestId('team-name').textContent())?.trim() ?? '';
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();

  // The member makes a single-use link for Google Analytics and emails it to the client.
  const clientEmail = uniqueEmail(testInfo, 'client');
  await page.getByTestId('new-client-link').click();
  const dialog = page.getByRole('dialog', { name: 'New client link' });
  await expect(
    dialog.getByLabel('Data source').locator('option', { hasText: 'CallRail' }),
  ).toHaveCount(0);
  await dialog.getByLabel('Data source').selectOption({ label: 'Google Analytics' });
  await dialog.getByLabel(/Client email/).fill(clientEmail);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: 'Client link sent' });
  await expect(created.getByTestId('client-link-email-status')).toContainText(clientEmail);
  const url = await created.getByTestId('client-link-url').inputValue();
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('client-link-row');
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(clientEmail);

  // The client, in a browser of their own with no account, opens the email in the outbox.
  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(`${base}/sandbox/outbox`);
  await client
    .getByRole('listitem')
    .filter({ hasText: `To ${clientEmail}` })
    .first()
    .getByRole('link', { name: /\/connect\// })
    .click();
  await expect(client.getByTestId('client-connect-title')).toHaveText(
    `Connect your Google Analytics accounts to ${teamName}`,
  );
  await expect(client.getByRole('img', { name: 'Megalytic' }).first()).toBeVisible();
  await expect(client.getByTestId('client-connect-email')).toHaveValue(clientEmail);
  await expectAccessible(client);
  await client.getByTestId('client-connect-continue').click();
  await answerConsent(client, 'Google Analytics', 'Allow', 'reports@client-brand.example');
  await client.waitForURL(/\/connect\/done\?id=[A-Za-z0-9_-]{43}$/);
  await expect(
    client.getByRole('heading', { name: 'Your Google Analytics account was connected' }),
  ).toBeVisible();
  await expect(client.getByTestId('client-result-text')).toContainText(
    `3 accounts are now shared with ${teamName}`,
  );
  // The client's pages are not the team's app.
  await expect(client.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(client);

  // The same single-use link again: a clear page, nothing to click.
  await client.goto(url);
  await expect(
    client.getByRole('heading', { level: 1, name: 'This link has already been used' }),
  ).toBeVisible();
  await expect(client.getByTestId('client-connect-continue')).toHaveCount(0);
  await context.close();

  // The member's Data Sources: the accounts, credited to the client's email; the link used.
  await page.reload();
  const group = page.getByTestId('connector-group').filter({ hasText: 'Google Analytics' });
  await expect(group.getByTestId('connected-by-client')).toHaveText(
    `Connected by ${clientEmail} via link`,
  );
  await expect(group.getByTestId('account-row')).toHaveCount(3);
  await expect(group.getByTestId('account-row').first()).toContainText(
    `by ${clientEmail} via link`,
  );
  await expect(page.getByTestId('client-link-row')).toHaveAttribute('data-status', 'used');
  await expectAccessible(page);
});

test('an unknown link shows a clear page, never a stack trace', async ({ page }) => {
  await page.goto(`${origin()}/connect/${'x'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link does not work' }),
  ).toBeVisible();
  await page.goto(`${origin()}/connect/done?id=nothing`);
  await expect(page.getByTestId('client-result-none')).toBeVisible();
});
