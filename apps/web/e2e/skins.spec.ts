import { expect, test } from '@playwright/test';
import { apiFromPage, expectAccessible, origin, signIn, uniqueEmail } from './support.ts';

const SKINS = [
  { host: 'localhost', name: 'Megalytic', folder: 'megalytic', unit: 'MEGALYTIC_GDS' },
  { host: 'raven.localhost', name: 'Raven', folder: 'raven', unit: 'RAVEN_GDS' },
  { host: 'tapclicks.localhost', name: 'TapClicks', folder: 'tapclicks', unit: 'TAPCLICKS_GDS' },
] as const;

for (const skin of SKINS) {
  test(`${skin.host} shows the ${skin.name} skin from sign-in to Team`, async ({
    page,
  }, testInfo) => {
    const base = origin(skin.host);
    await page.goto(`${base}/login`);
    await expect(page).toHaveTitle(`Log In | ${skin.name} Google Data Studio Connector`);
    await expect(page.getByRole('img', { name: skin.name, exact: true })).toHaveAttribute(
      'src',
      `/skins/${skin.folder}/logo.svg`,
    );
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      'href',
      `/skins/${skin.folder}/favicon.svg`,
    );
    await expectAccessible(page);
    await page.screenshot({
      path: testInfo.outputPath(`login-${skin.folder}.png`),
      fullPage: true,
    });

    await signIn(page, base, { email: uniqueEmail(testInfo, skin.folder), firstName: 'Grace' });
    await expect(page).toHaveTitle(`Team | ${skin.name} Google Data Studio Connector`);
    const info = await apiFromPage(page, '/api/team/info', skin.unit);
    expect(info.body).toMatchObject({ team: { businessUnit: skin.unit } });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Support/ }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`team-${skin.folder}.png`), fullPage: true });
  });
}

test('a session of one brand is refused by another brand', async ({ page }, testInfo) => {
  await signIn(page, origin('raven.localhost'), { email: uniqueEmail(testInfo) });
  const response = await apiFromPage(page, '/api/team/info', 'MEGALYTIC_GDS');
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ error: { code: 'BUSINESS_UNIT_MISMATCH' } });
});
