import { expect, test } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';
import { billingNav, invite, joinByInvitation, memberRow } from './team-support.ts';

for (const host of ['localhost', 'raven.localhost']) {
  test(`an invitation on ${host} is accepted in another browser and counts a seat`, async ({
    page,
    browser,
  }, testInfo) => {
    const base = origin(host);
    await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
    const seats = page.getByTestId('seat-count');
    await expect(seats).toHaveText(/^1 of \d+ users$/);
    const limit = Number((await seats.textContent())?.match(/of (\d+)/)?.[1]);

    const invitee = uniqueEmail(testInfo, 'invitee');
    await invite(page, invitee, 'Member');
    await expect(seats).toHaveText(`2 of ${limit} users`);
    await expect(page.getByTestId('seat-meter')).toContainText('1 member · 1 pending invitation');

    const member = await joinByInvitation(browser, base, invitee, 'Grace');
    await expect(member.page.getByTestId('team-name')).toHaveText("Ada's team");
    await expect(member.page.getByText('Your role: Member')).toBeVisible();
    await expect(memberRow(member.page, invitee)).toContainText('Member');

    await page.reload();
    await expect(memberRow(page, invitee)).toContainText('Grace');
    await expect(page.getByTestId('member-row')).toHaveCount(2);
    await expect(seats).toHaveText(`2 of ${limit} users`);
    await expect(page.getByTestId('seat-meter')).not.toContainText('pending');
    await member.context.close();
  });
}

test('a role with edit_billing shows Billing to the member, and removal signs them out', async ({
  page,
  browser,
}, testInfo) => {
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  const invitee = uniqueEmail(testInfo, 'invitee');
  await invite(page, invitee);
  const member = await joinByInvitation(browser, base, invitee, 'Grace');
  await expect(billingNav(member.page)).toHaveCount(0);

  await page.reload();
  const row = memberRow(page, invitee);
  await row.getByTestId('member-role-select').selectOption({ label: 'Super Admin' });
  await expect(page.getByText('Grace is now Super Admin')).toBeVisible();
  await member.page.reload();
  await expect(billingNav(member.page)).toBeVisible();
  await expect(member.page.getByText('Your role: Super Admin')).toBeVisible();

  await row.getByTestId('member-role-select').selectOption({ label: 'Member' });
  await expect(page.getByText('Grace is now Member')).toBeVisible();
  // The profile (and so the navigation) is loaded when the app starts, not on every screen.
  await member.page.reload();
  await expect(member.page.getByText('Your role: Member')).toBeVisible();
  await expect(billingNav(member.page)).toHaveCount(0);

  await row.getByTestId('remove-member').click();
  const dialog = page.getByTestId('remove-member-dialog');
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('Grace was removed from the team.')).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(1);

  // Their session ended with the removal: the next screen they open asks them to sign in.
  await member.page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();
  await member.page.waitForURL((url) => url.pathname === '/login');
  await expect(member.page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await member.context.close();
});
