import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Origin of a skin's host on the main e2e server (or another port). */
export function origin(host = 'localhost', port = process.env.E2E_PORT): string {
  return `http://${host}:${port}`;
}

/** A unique address per test and run, so tests never share a team. */
export function uniqueEmail(testInfo: TestInfo, label = 'user'): string {
  const slug = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 30);
  return `${label}-${slug}-${testInfo.workerIndex}-${Date.now()}@example.com`;
}

export interface SignInOptions {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** Completes the sandbox identity provider's sign-in page (after "Sign in with Google"). */
export async function completeSignIn(page: Page, options: SignInOptions): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sandbox sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(options.email);
  if (options.firstName) await page.getByLabel('First name').fill(options.firstName);
  if (options.lastName) await page.getByLabel('Last name').fill(options.lastName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs in from the login screen of `base` and waits for the Team screen. */
export async function signIn(page: Page, base: string, options: SignInOptions): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await completeSignIn(page, options);
  await page.waitForURL(`${base}/team`);
  await expect(page.getByTestId('team-name')).toBeVisible();
}

/** Fails on any serious accessibility violation of the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  // Which elements fail, so a report says where to look without a rerun.
  const where = (v: (typeof serious)[number]) => v.nodes.map((n) => n.target.join(' ')).join(' | ');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length}): ${where(v)}`)).toEqual([]);
}

/** Calls the API from inside the page (the browser's cookie and host), answering status and body. */
export async function apiFromPage(
  page: Page,
  path: string,
  unit: string,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([url, businessUnit]) => {
      const response = await fetch(url, {
        credentials: 'include',
        headers: { 'x-gds-businessUnit': businessUnit, accept: 'application/json' },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [path, unit] as const,
  );
}
