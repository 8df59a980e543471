import { expect, test } from '@playwright/test';
import { expectAccessible, origin, signIn, uniqueEmail } from './support.ts';
import { customize, openBilling, settledDueToday } from './billing-support.ts';

test.describe.configure({ timeout: 120_000 });

test('an annual coupon prices on the annual plan and is refused on the monthly one, naming why', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo, 'coupon') });
  await openBilling(page);
  await customize(page);
  await page.getByTestId('period-year').check();
  await settledDueToday(page);
  await page.getByTestId('coupon-input').fill('GDS-ANNUAL');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('due-today')).toContainText('15% off annual plans');
  await page.screenshot({ path: testInfo.outputPath('annual-coupon.png'), fullPage: true });
  await page.getByTestId('period-month').check();
  await expect(page.getByTestId('coupon-error')).toHaveText(
    'The coupon GDS-ANNUAL applies to annual plans only.',
  );
});

test('a checkout left with the back button: Billing offers it again, or drops it', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo, 'back') });
  await openBilling(page);
  await customize(page, { extraAccounts: 1 });
  await page.getByTestId('checkout').click();
  await page.waitForURL(/\/sandbox\/chargebee\/pages\//);
  const hostedPage = page.url();

  // Back without paying (to the Customize form it left): the plan waits for that page, and
  // says how to go on.
  await page.goBack();
  await page.waitForURL(/\/billing/);
  const banner = page.getByTestId('billing-status');
  await expect(banner).toHaveAttribute('data-status', 'confirming');
  await expect(banner).toContainText('Your checkout is still open on the payment page until');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('open-checkout.png'), fullPage: true });

  await banner.getByRole('button', { name: 'Return to the open checkout' }).click();
  await page.waitForURL(hostedPage);
  await expect(page.getByLabel('Card number')).toBeVisible();

  await page.goBack();
  await page.waitForURL(/\/billing/);
  await page.getByTestId('billing-status').getByRole('button', { name: 'Drop it' }).click();
  await expect(
    page.getByText('Checkout dropped. Nothing was charged and your plan is unchanged.'),
  ).toBeVisible();
  await expect(page.getByTestId('billing-status')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('dropped.png'), fullPage: true });
  await page.getByTestId('back-to-plan').click();
  await expect(page.getByTestId('billing-status')).toHaveAttribute('data-status', 'in_trial');
  await expect(page.getByTestId('billing-account-limit')).toHaveText('20');
});
