import { expect, test } from '@playwright/test';
import { expectAccessible, origin, signIn, uniqueEmail } from './support.ts';
import { ADMIN_EMAILS, SHOTS, followInvitationEmail, invite, openSection } from './team-support.ts';

const SKINS = [
  { host: 'localhost', folder: 'megalytic', invites: true },
  { host: 'raven.localhost', folder: 'raven', invites: true },
  // TapClicks' plan includes one user: its invitations are refused by the plan.
  { host: 'tapclicks.localhost', folder: 'tapclicks', invites: false },
] as const;

for (const skin of SKINS) {
  test(`the Team tabs, invite dialog and invitation page of ${skin.folder} are accessible`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const base = origin(skin.host);
    await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
    const shot = (name: string) =>
      page.screenshot({ path: `${SHOTS}/${name}-${skin.folder}.png`, fullPage: true });

    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await expectAccessible(page);
    await shot('team-members');

    await page.getByTestId('invite-member').click();
    const dialog = page.getByTestId('invite-member-dialog');
    await dialog.getByTestId('invite-email').fill(uniqueEmail(testInfo, 'invitee'));
    await expectAccessible(page);
    await shot('invite-dialog');
    const invitee = await dialog.getByTestId('invite-email').inputValue();
    if (skin.invites) {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await invite(page, invitee);
      await expect(page.getByTestId('seat-meter')).toContainText('1 pending invitation');
      // A long address wraps: the row's last action stays inside the table, not scrolled off.
      const wrap = await page
        .getByTestId('invitations')
        .getByRole('region', { name: 'Pending invitations' })
        .boundingBox();
      const revoke = await page.getByTestId('revoke-invitation').boundingBox();
      expect((revoke?.x ?? 0) + (revoke?.width ?? 0)).toBeLessThanOrEqual(
        (wrap?.x ?? 0) + (wrap?.width ?? 0),
      );
      await shot('team-members-pending');
    } else {
      await dialog.getByTestId('send-invitation').click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectAccessible(page);
      await shot('invite-dialog-refused');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }

    await openSection(page, 'roles');
    await expect(page.getByTestId('role-row')).toHaveCount(3);
    await expectAccessible(page);
    await shot('team-roles');
    await page.getByTestId('new-role').click();
    await expect(page.getByTestId('role-editor-dialog')).toBeVisible();
    await expectAccessible(page);
    await shot('role-editor');
    await page.getByTestId('role-editor-dialog').getByRole('button', { name: 'Cancel' }).click();

    await openSection(page, 'activity');
    await expect(page.getByTestId('activity-row').first()).toBeVisible();
    await expectAccessible(page);
    await shot('team-activity');

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    if (skin.invites) {
      await followInvitationEmail(visitorPage, base, invitee);
      await expect(visitorPage.getByTestId('invite-sign-in')).toBeVisible();
    } else {
      await visitorPage.goto(`${base}/invite/no-such-invitation`);
      await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expectAccessible(visitorPage);
    await visitorPage.screenshot({
      path: `${SHOTS}/invitation-page-${skin.folder}.png`,
      fullPage: true,
    });
    await visitor.close();
  });

  test(`the admin page of ${skin.folder} is accessible`, async ({ page }) => {
    const base = origin(skin.host);
    await signIn(page, base, { email: ADMIN_EMAILS[skin.folder], firstName: 'Olga' });
    await page.goto(`${base}/admin`);
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await page.getByTestId('admin-search').fill(ADMIN_EMAILS[skin.folder]);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('admin-team').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/admin-${skin.folder}.png`, fullPage: true });
  });
}
