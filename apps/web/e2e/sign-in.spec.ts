import { expect, test } from '@playwright/test';
import { expectAccessible, origin, signIn, uniqueEmail } from './support.ts';

test('signing in through the sandbox lands on the Team screen of a new team', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Log In | Megalytic Google Data Studio Connector');
  await expectAccessible(page);

  await signIn(page, origin(), { email, firstName: 'Ada', lastName: 'Lovelace' });
  await expect(page).toHaveTitle('Team | Megalytic Google Data Studio Connector');
  await expect(page.getByTestId('team-name')).toHaveText("Ada's team");
  await expect(page.getByTestId('user-email')).toHaveText(email);
  const members = page.getByRole('table');
  await expect(members.getByText('Ada Lovelace')).toBeVisible();
  // A Super Admin manages members, so their own role shows in the role picker.
  await expect(
    members.getByRole('combobox', { name: 'Role of Ada Lovelace' }).locator('option:checked'),
  ).toHaveText('Super Admin');
  await expect(page.locator('body')).toHaveClass(/has-fixed-navbar/);
  await expectAccessible(page);

  // Signing in again finds the same user and team.
  await page.getByTestId('team-name-edit').click();
  await page.getByTestId('team-name-input').fill('Lovelace Analytics');
  await page.getByTestId('team-name-save').click();
  await expect(page.getByTestId('team-name')).toHaveText('Lovelace Analytics');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, origin(), { email });
  await expect(page.getByTestId('team-name')).toHaveText('Lovelace Analytics');
});

test('a signed-out visit to /billing asks to sign in and then opens Billing', async ({
  page,
}, testInfo) => {
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/login\?nextUrl=Billing$/);
  await expect(page.locator('body')).not.toHaveClass(/has-fixed-navbar/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByLabel('Email').fill(uniqueEmail(testInfo));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/billing$/);
  await expect(page).toHaveTitle('Billing | Megalytic Google Data Studio Connector');
});

test('every route has its title, and unknown paths show Not Found', async ({ page }, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo) });
  const titles: Array<[string, string]> = [
    ['Data Sources', '/data-sources'],
    ['Stats', '/stats'],
    ['Billing', '/billing'],
    ['Team', '/team'],
  ];
  for (const [label, path] of titles) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${label} | Megalytic Google Data Studio Connector`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/thankyou');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle(/^Page Not Found \| Megalytic Google Data Studio Connector$/);
});

test('a denied sign-in shows a clear error on the login screen', async ({ page }) => {
  await page.goto('/login/callback?error=access_denied&state=nope');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-error')).toBeVisible();
});
