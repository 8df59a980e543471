import { expect, test } from '@playwright/test';
import { apiFromPage, origin, signIn, uniqueEmail } from './support.ts';
import { ADMIN_EMAILS, SHOTS } from './team-support.ts';

const SWITCH_PATH = '/api/home/userSwitch';

test('a platform admin opens a team as its member and returns; the cookies alone grant nothing', async ({
  page,
  browser,
}, testInfo) => {
  const base = origin();
  const targetContext = await browser.newContext();
  const target = await targetContext.newPage();
  const targetEmail = uniqueEmail(testInfo, 'target');
  await signIn(target, base, { email: targetEmail, firstName: 'Tess' });
  const info = await apiFromPage(target, '/api/team/info', 'MEGALYTIC_GDS');
  const teamId = (info.body as { team: { id: string } }).team.id;

  await signIn(page, base, { email: ADMIN_EMAILS.switch, firstName: 'Olga' });
  await page.getByTestId('user-menu').click();
  await page.getByTestId('admin-item').click();
  await page.waitForURL(`${base}/admin`);
  await page.getByTestId('admin-search').fill(targetEmail);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByTestId('admin-team').filter({ hasText: "Tess's team" });
  await expect(card.getByTestId('admin-member')).toContainText(targetEmail);
  await card.getByRole('button', { name: `Open Tess's team as ${targetEmail}` }).click();

  await page.waitForURL(`${base}/team`);
  const banner = page.getByTestId('switch-banner');
  await expect(banner).toContainText(`Acting as ${targetEmail} in Tess's team`);
  await expect(banner.getByRole('button', { name: 'Return to admin' })).toBeVisible();
  await expect(page.getByTestId('team-name')).toHaveText("Tess's team");
  await expect(page.getByTestId('user-email')).toHaveText(targetEmail);
  await page.screenshot({ path: `${SHOTS}/admin-switch-banner-megalytic.png`, fullPage: true });

  await banner.getByRole('button', { name: 'Return to admin' }).click();
  await page.waitForURL(`${base}/admin`);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('user-email')).toHaveText(ADMIN_EMAILS.switch);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();

  // Someone who is not a platform admin sets the same cookies by hand: the switch is refused
  // and they stay themselves in their own team.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherEmail = uniqueEmail(testInfo, 'mallory');
  await signIn(other, base, { email: otherEmail, firstName: 'Mallory' });
  await otherContext.addCookies(
    [
      ['GDS_ADMIN_USER', targetEmail],
      ['GDS_ADMIN_TEAM', teamId],
    ].map(([name, value]) => ({ name: name ?? '', value: value ?? '', url: base })),
  );
  const refused = other.waitForResponse((r) => new URL(r.url()).pathname === SWITCH_PATH);
  await other
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();
  expect((await refused).status()).toBe(403);
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(other.getByTestId('team-name')).toHaveText("Mallory's team");
  await expect(other.getByTestId('user-email')).toHaveText(otherEmail);
  await expect(other.getByTestId('switch-banner')).toHaveCount(0);
  expect((await otherContext.cookies(base)).map((c) => c.name)).not.toContain('GDS_ADMIN_USER');
  await targetContext.close();
  await otherContext.close();
});
