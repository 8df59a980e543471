import { expect, test } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';

// Runs against the second server, whose sessions go idle after 3 seconds.
test('an expired session shows the inactivity toast once and goes to the login screen', async ({
  page,
}, testInfo) => {
  const base = origin('localhost', process.env.E2E_SHORT_IDLE_PORT);
  await signIn(page, base, { email: uniqueEmail(testInfo) });

  const expired = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 440, {
    timeout: 15_000,
  });
  // No condition to wait for but the idle limit itself passing on the server.
  await page.waitForTimeout(4_000);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await page.reload();
  await expired;

  const toast = page.getByText('You have been logged out due to inactivity.  Please log-in again');
  await expect(toast).toHaveCount(1);
  await page.waitForURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 5_000 });
});
