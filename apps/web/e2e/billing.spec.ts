import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { connectOAuth } from './data-sources-support.ts';
import { apiFromPage, expectAccessible, origin, signIn, uniqueEmail } from './support.ts';
import {
  TEST_CARDS,
  buyPlan,
  checkoutWithCard,
  customize,
  openBilling,
} from './billing-support.ts';
import { billingNav, invite, joinByInvitation } from './team-support.ts';

// A purchase runs through the hosted page, the provider's webhook and two page loads.
test.describe.configure({ timeout: 120_000 });

test('a trial team customizes with a preview, pays, gives feedback, and the add-on connects', async ({
  page,
}, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  await openBilling(page);
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'in_trial');
  await expect(page.getByTestId('billing-status')).toContainText(/days? left in your trial/);
  await expect(page.getByTestId('billing-account-limit')).toHaveText('20');
  await expectAccessible(page);

  await customize(page, { extraAccounts: 2, addons: ['facebook-ads'] });
  await expect(page.getByTestId('due-today')).toContainText('Facebook Ads');
  // The provider names the line with its quantity; the preview says it once.
  await expect(page.getByTestId('due-today')).toContainText(/Extra Accounts · 2 × \$/);
  await expect(page.getByTestId('due-today')).not.toContainText('× 2 ·');
  await expect(page.getByTestId('per-period-total')).toContainText('Then every month');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('customize.png'), fullPage: true });

  await checkoutWithCard(page, TEST_CARDS.succeeds);
  await page.waitForURL(/\/thankyou/);
  await expect(page.getByRole('heading', { name: 'Thank you', level: 1 })).toBeVisible();
  await expect(page.getByTestId('thanks-accounts')).toHaveText('Up to 22 accounts', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('thanks-addons')).toContainText('Facebook Ads');
  // Back from the hosted page, the page id was settled and left the address.
  await expect(page).toHaveURL((url) => url.search === '');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('thankyou.png'), fullPage: true });

  await page.getByRole('radio', { name: /Very easy/ }).check();
  await page.getByLabel(/Anything we could do better/).fill('Quick and clear.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByTestId('feedback-thanks')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('thanks-plan')).toBeVisible();
  await expect(page.getByTestId('feedback-form')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Billing' }).click();
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('billing-account-limit')).toHaveText('22');
  await expect(page.getByTestId('billing-addon-facebook-ads')).toContainText('In your plan');
  await expect(page.getByTestId('billing-card')).toContainText('1111');
  await expect(page.getByTestId('billing-next')).toContainText('Next bill: $');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('download-invoice').first().click();
  const pdf = await download;
  const bytes = await readFile(await pdf.path());
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();
  await connectOAuth(page, { nameSimple: 'facebook-ads', name: 'Facebook Ads' });
  await expect(page.getByTestId('account-row').first()).toBeVisible();
});

test('a declined card changes nothing and says so on the payment page', async ({
  page,
}, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  await openBilling(page);
  await customize(page, { extraAccounts: 5 });
  await checkoutWithCard(page, TEST_CARDS.declined);
  await expect(page.getByText('Your card was declined. Try another card.')).toBeVisible();
  expect(page.url()).toMatch(/\/sandbox\/chargebee\/pages\//);

  await page.goto(`${base}/billing`);
  await expect(page.getByTestId('billing-account-limit')).toHaveText('20');
  await expect(page.getByTestId('invoices-empty')).toBeVisible();
});

test('cancel with a reason, then resume before the term ends', async ({ page }, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  await buyPlan(page);
  await page.getByRole('link', { name: 'Back to Billing' }).click();
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'active');

  await page.getByTestId('cancel-subscription').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await expect(dialog.getByTestId('cancel-terms')).toContainText('Your plan stays active until');
  await expectAccessible(page);
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog.getByTestId('reason-error')).toBeVisible();
  await dialog.getByTestId('churn-reasons').getByRole('radio').first().check();
  await dialog.getByTestId('churn-text').fill('Trying another tool for a while.');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'non_renewing');
  await expect(page.getByTestId('billing-status')).toContainText('Your plan ends on');

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('cancel-subscription')).toBeVisible();
});

test('a member without edit_billing sees no Billing and every billing call is refused', async ({
  page,
  browser,
}, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  const invitee = uniqueEmail(testInfo, 'member');
  await invite(page, invitee, 'Member');
  const member = await joinByInvitation(browser, base, invitee, 'Grace');
  await expect(billingNav(member.page)).toHaveCount(0);

  for (const path of ['/api/billing/planUsage', '/api/billing/plans', '/api/billing/invoices']) {
    const answer = await apiFromPage(member.page, path, 'MEGALYTIC_GDS');
    expect(answer.status, path).toBe(403);
  }
  await member.page.goto(`${base}/billing`);
  await member.page.waitForURL(/\/login\?nextUrl=Billing$/);
  await expect(member.page.getByText(/Your role does not give access to Billing/)).toBeVisible();
  await member.context.close();
});

for (const skin of [
  { host: 'raven.localhost', unit: 'RAVEN_GDS' },
  { host: 'tapclicks.localhost', unit: 'TAPCLICKS_GDS' },
] as const) {
  test(`Billing on ${skin.host} prices the skin's own plan`, async ({ page }, testInfo) => {
    const base = origin(skin.host);
    await signIn(page, base, { email: uniqueEmail(testInfo, skin.unit), firstName: 'Ada' });
    await openBilling(page);
    const plans = await apiFromPage(page, '/api/billing/plans', skin.unit);
    expect(plans.status).toBe(200);
    await customize(page, { extraAccounts: 1 });
    await expect(page.getByTestId('addon-options')).toHaveCount(0);
    await expect(page.getByTestId('due-today-total')).toContainText('$');
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`customize-${skin.unit}.png`),
      fullPage: true,
    });
  });

  // A session belongs to the host it was made on: the payment page and the way back must stay
  // on the brand's host, or the buyer lands on another brand's sign-in page after paying.
  test(`paying on ${skin.host} stays on ${skin.host} and lands signed in on its thank-you page`, async ({
    page,
  }, testInfo) => {
    const base = origin(skin.host);
    await signIn(page, base, { email: uniqueEmail(testInfo, skin.unit), firstName: 'Ada' });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await buyPlan(page);
    expect(visited.some((url) => url.includes('/sandbox/chargebee/pages/'))).toBe(true);
    expect(visited.filter((url) => new URL(url).origin !== base)).toEqual([]);
    expect(visited.filter((url) => new URL(url).pathname === '/login')).toEqual([]);
    expect(page.url()).toMatch(new RegExp(`^${base}/thankyou`));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
}
