import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';
import { invite, joinByInvitation, memberRow, openSection } from './team-support.ts';

function roleRow(page: Page, name: string) {
  return page.getByTestId('role-row').filter({ has: page.getByRole('rowheader', { name }) });
}

async function setRole(page: Page, email: string, roleName: string) {
  await openSection(page, 'members');
  await memberRow(page, email).getByTestId('member-role-select').selectOption({ label: roleName });
  await expect(page.getByText(`Grace is now ${roleName}`)).toBeVisible();
}

test('a custom role is created, grants what it says, and is deleted once nobody holds it; the log shows it all', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, a dozen steps and a download: longer than one screen's check.
  test.setTimeout(90_000);
  const base = origin();
  const owner = uniqueEmail(testInfo, 'owner');
  await signIn(page, base, { email: owner, firstName: 'Ada' });
  const invitee = uniqueEmail(testInfo, 'invitee');
  await invite(page, invitee);
  const member = await joinByInvitation(browser, base, invitee, 'Grace');
  await expect(member.page.getByTestId('tab-activity')).toHaveCount(0);

  // Create "Auditor": may see and export the activity log, nothing else.
  await openSection(page, 'roles');
  await page.getByTestId('new-role').click();
  const editor = page.getByTestId('role-editor-dialog');
  await editor.getByTestId('role-name').fill('Auditor');
  await editor.getByRole('checkbox', { name: 'See and export the activity log' }).check();
  await editor.getByTestId('save-role').click();
  await expect(page.getByText('Auditor was created')).toBeVisible();
  await expect(roleRow(page, 'Auditor')).toContainText('See and export the activity log');
  await expect(roleRow(page, 'Auditor').getByTestId('role-members')).toHaveText('0');

  await page.reload();
  await setRole(page, invitee, 'Auditor');
  await member.page.reload();
  await expect(member.page.getByText('Your role: Auditor')).toBeVisible();
  await expect(member.page.getByTestId('invite-member')).toHaveCount(0);
  await openSection(member.page, 'activity');
  await expect(member.page.getByTestId('activity-row').first()).toContainText(
    "Changed a member's role",
  );

  // Held by someone, the role cannot be deleted; moved back, it can.
  await openSection(page, 'roles');
  await expect(roleRow(page, 'Auditor').getByTestId('role-members')).toHaveText('1');
  await roleRow(page, 'Auditor').getByTestId('delete-role').click();
  const confirm = page.getByTestId('delete-role-dialog');
  await expect(confirm.getByTestId('role-in-use')).toContainText('1 member has this role');
  await expect(confirm.getByRole('button', { name: 'Delete role' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Close', exact: true }).click();

  await setRole(page, invitee, 'Member');
  await openSection(page, 'roles');
  await expect(roleRow(page, 'Auditor').getByTestId('role-members')).toHaveText('0');
  await roleRow(page, 'Auditor').getByTestId('delete-role').click();
  await confirm.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByText('The Auditor role was deleted')).toBeVisible();
  await expect(roleRow(page, 'Auditor')).toHaveCount(0);
  await member.page.reload();
  await expect(member.page.getByTestId('tab-activity')).toHaveCount(0);
  await member.context.close();

  // The log, newest first.
  await openSection(page, 'activity');
  const actions = page.getByTestId('activity-row').locator('.activity-action');
  const expected = [
    'Deleted a role',
    "Changed a member's role",
    "Changed a member's role",
    'Created a role',
    'Joined the team',
    'Invited someone',
    'Created the team',
  ];
  await expect(actions).toHaveText(expected);
  await expect(page.getByTestId('activity-row').nth(1)).toContainText('Member');
  await expect(page.getByTestId('activity-row').nth(2)).toContainText('Auditor');

  await page.getByTestId('activity-action').selectOption({ label: "Changed a member's role" });
  await expect(actions).toHaveText(["Changed a member's role", "Changed a member's role"]);
  await page.getByTestId('activity-action').selectOption({ label: 'All actions' });
  await expect(actions).toHaveText(expected);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-activity').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^team-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  // A byte-order mark first, so spreadsheet apps read the file as UTF-8.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines.at(-1)).toBe('');
  expect(lines[0]).toBe('Time (UTC),Person,Acting admin,Action,Summary');
  const rows = lines.slice(1, -1);
  expect(rows.map((line) => line.split(',')[3])).toEqual(expected);
  expect(rows.map((line) => line.split(',')[1])).toEqual(
    expected.map((action) =>
      action === 'Joined the team' ? `Grace <${invitee}>` : `Ada <${owner}>`,
    ),
  );
  const times = rows.map((line) => Date.parse(line.split(',')[0] ?? ''));
  expect(times.every((t, i) => !Number.isNaN(t) && (i === 0 || t <= (times[i - 1] ?? t)))).toBe(
    true,
  );
});
