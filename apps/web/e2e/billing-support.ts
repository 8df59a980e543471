import { expect, type Page } from '@playwright/test';

/** The sandbox payment page's test cards (Chargebee's documented test-gateway numbers). */
export const TEST_CARDS = {
  succeeds: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
} as const;

/** Opens Billing from the main navigation. */
export async function openBilling(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await page.waitForURL(/\/billing$/);
  await expect(page.getByTestId('billing-status')).toBeVisible();
}

/** The Due today total of the live preview, once it has priced the current choice. */
export async function settledDueToday(page: Page): Promise<string> {
  await expect(page.getByTestId('preview-updating')).toHaveCount(0);
  const total = page.getByTestId('due-today-total');
  await expect(total).toContainText('$');
  return (await total.textContent()) ?? '';
}

/**
 * Customize: from the Billing overview, `extraAccounts` more accounts and the given add-on
 * connectors, with the preview re-priced after each change. Leaves the form open.
 */
export async function customize(
  page: Page,
  { extraAccounts = 0, addons = [] as string[] } = {},
): Promise<void> {
  await page.getByTestId('customize-plan').click();
  await expect(page.getByRole('heading', { name: 'Customize your plan' })).toBeVisible();
  const before = await settledDueToday(page);
  for (let i = 0; i < extraAccounts; i += 1) {
    await page.getByRole('button', { name: 'More accounts' }).click();
  }
  for (const addon of addons) await page.getByTestId(`addon-${addon}`).check();
  if (extraAccounts > 0 || addons.length > 0) {
    await expect(page.getByTestId('due-today-total')).not.toHaveText(before);
    await settledDueToday(page);
  }
  await expect(page.getByTestId('checkout')).toBeEnabled();
}

/** Checkout → the sandbox hosted page → pay with `card`. */
export async function checkoutWithCard(page: Page, card: string): Promise<void> {
  await page.getByTestId('checkout').click();
  await page.waitForURL(/\/sandbox\/chargebee\/pages\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** Buys a plan with the succeeding card and waits for the thank-you page to confirm it. */
export async function buyPlan(
  page: Page,
  options: { extraAccounts?: number; addons?: string[] } = {},
): Promise<void> {
  await openBilling(page);
  await customize(page, options);
  await checkoutWithCard(page, TEST_CARDS.succeeds);
  await page.waitForURL(/\/thankyou/);
  await expect(page.getByTestId('thanks-plan')).toBeVisible({ timeout: 30_000 });
}
