import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { completeSignIn } from './support.ts';

/** Where the team e2e specs leave the screenshots a person looks at. */
export const SHOTS = '/tmp/team-shots';

/** Platform admins of the e2e server (PLATFORM_ADMIN_EMAILS in playwright.config.ts). */
export const ADMIN_EMAILS = {
  switch: 'admin-switch@example.com',
  megalytic: 'admin-megalytic@example.com',
  raven: 'admin-raven@example.com',
  tapclicks: 'admin-tapclicks@example.com',
} as const;

/** A member's row on the Members tab. */
export function memberRow(page: Page, email: string): Locator {
  return page.getByTestId('member-row').filter({ hasText: email });
}

/** Opens the Team screen on one of its sections. */
export async function openSection(page: Page, section: 'members' | 'roles' | 'activity') {
  await page.getByTestId(`tab-${section}`).click();
  await expect(page.getByTestId(`tab-${section}`)).toHaveAttribute('aria-selected', 'true');
}

/** Sends an invitation from the Members tab and closes the "Invitation sent" dialog. */
export async function invite(page: Page, email: string, roleName = 'Member'): Promise<void> {
  await page.getByTestId('invite-member').click();
  const dialog = page.getByTestId('invite-member-dialog');
  await dialog.getByTestId('invite-email').fill(email);
  await dialog.getByTestId('invite-role').selectOption({ label: roleName });
  await dialog.getByTestId('send-invitation').click();
  const sent = page.getByTestId('invitation-sent-dialog');
  await expect(sent.getByTestId('invitation-email-status')).toContainText(email);
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(sent).toBeHidden();
}

/** Opens the sandbox outbox and follows the accept link of the newest email to `email`. */
export async function followInvitationEmail(page: Page, base: string, email: string) {
  await page.goto(`${base}/sandbox/outbox`);
  const message = page
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .first();
  await message.getByRole('link', { name: /\/invite\// }).click();
  await expect(page.getByTestId('invitation')).toBeVisible();
}

/**
 * The invitee, in a browser of their own: opens the email in the outbox, follows the link,
 * signs in with the invited address and lands on the Team screen of the inviting team.
 */
export async function joinByInvitation(
  browser: Browser,
  base: string,
  email: string,
  firstName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await followInvitationEmail(page, base, email);
  await page.getByTestId('invite-sign-in').click();
  await completeSignIn(page, { email, firstName });
  await page.waitForURL(`${base}/team`);
  await expect(page.getByTestId('team-name')).toBeVisible();
  return { context, page };
}

/** The Billing item of the main navigation. */
export function billingNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' });
}
