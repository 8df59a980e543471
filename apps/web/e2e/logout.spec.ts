import { expect, test } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';

test('Log Out ends the session on the server and returns to the login screen', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo) });
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith('gds_session'));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();

  // The old cookie no longer opens anything.
  const replay = await page.request.get(`${origin()}/api/team/info`, {
    headers: {
      'x-gds-businessUnit': 'MEGALYTIC_GDS',
      cookie: `${session?.name}=${session?.value}`,
    },
  });
  expect(replay.status()).toBe(401);

  await page.goto('/team');
  await expect(page).toHaveURL(/\/login\?nextUrl=Team$/);
});
