import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerConsent, chooseConnector } from './data-sources-support.ts';
import { STATS_TEAMS } from './stats-teams.ts';
import { origin, signIn, uniqueEmail } from './support.ts';
import { followInvitationEmail, invite, openSection } from './team-support.ts';

/** The narrowest phone every screen works on, and the common one the screenshots are taken at. */
const NARROW = { width: 360, height: 760 };
const PHONE = { width: 390, height: 900 };
/** Set to a folder to keep a 390 px screenshot of every screen checked (for a person to look at). */
const SHOTS = process.env.PHONE_SHOTS_DIR;

/**
 * Fails when the page is wider than the phone, i.e. the person would have to scroll sideways,
 * naming the widest elements that stick out so the report says where to look.
 */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.closest('.visually-hidden'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
  expect
    .soft(overflow.scroll, `${screen} scrolls sideways: ${overflow.wide.join(', ')}`)
    .toBeLessThanOrEqual(overflow.width);
}

/** Checks the screen at 360 px and, when asked, keeps a screenshot of it at 390 px. */
async function check(page: Page, screen: string) {
  await page.setViewportSize(NARROW);
  await expectNoSidewaysScroll(page, screen);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(PHONE);
  // A dialog is shown as the phone shows it; a page in full, as the person scrolls it.
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path: `${SHOTS}/${screen}.png`, fullPage: !dialogOpen });
  await page.setViewportSize(NARROW);
}

/** The Looker Studio connector's authorization request (as in looker-studio.spec.ts). */
function consentRequestUrl(base: string): string {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${base}/connector-oauth/auth`);
  url.search = new URLSearchParams({
    client_id: 'e2e-connector',
    redirect_uri: 'http://localhost/e2e-connector/usercallback',
    response_type: 'code',
    scope: 'data.read',
    state: 'e2e-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

test.use({ viewport: NARROW });

test('the public pages fit a 360 px phone: login, invitation, client connect, consent, results', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const base = origin();
  await page.goto(`${base}/login`);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await check(page, 'login');

  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  const invitee = uniqueEmail(testInfo, 'invitee');
  await invite(page, invitee);

  // The client link, made on Data Sources, as the client opens it from the email.
  await page.goto(`${base}/data-sources`);
  const clientEmail = uniqueEmail(testInfo, 'client');
  await page.getByTestId('new-client-link').click();
  const dialog = page.getByRole('dialog', { name: 'New client link' });
  await dialog.getByLabel('Data source').selectOption({ label: 'Google Analytics' });
  await dialog.getByLabel(/Client email/).fill(clientEmail);
  await check(page, 'client-link-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: 'Client link sent' });
  const link = await created.getByTestId('client-link-url').inputValue();
  await check(page, 'client-link-created-dialog');
  await created.getByRole('button', { name: 'Done' }).click();

  // The consent screen of the Looker Studio connector, signed in.
  await page.goto(consentRequestUrl(base));
  await expect(page.getByTestId('consent-summary')).toBeVisible();
  await check(page, 'consent');

  const context = await browser.newContext({ viewport: NARROW });
  const visitor = await context.newPage();
  await followInvitationEmail(visitor, base, invitee);
  await check(visitor, 'invitation');

  await visitor.goto(link);
  await expect(visitor.getByTestId('client-connect-title')).toBeVisible();
  await check(visitor, 'client-connect');
  await visitor.getByTestId('client-connect-continue').click();
  await answerConsent(visitor, 'Google Analytics', 'Allow', 'reports@client-brand.example');
  await visitor.waitForURL(/\/connect\/done\?id=/);
  await expect(visitor.getByTestId('client-result')).toBeVisible();
  await check(visitor, 'client-connect-result');
  await context.close();
});

test('the signed-in screens fit a 360 px phone, with the navigation in a menu', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const base = origin();
  await signIn(page, base, { email: uniqueEmail(testInfo, 'owner'), firstName: 'Ada' });
  await invite(page, `a-rather-long-address-${uniqueEmail(testInfo, 'invitee')}`);
  await check(page, 'team-members');

  // The main navigation is one button that opens the menu of every section.
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await check(page, 'nav-menu-open');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeHidden();

  await page.getByTestId('invite-member').click();
  await check(page, 'invite-dialog');
  await page.getByTestId('invite-member-dialog').getByRole('button', { name: 'Cancel' }).click();
  await openSection(page, 'roles');
  await check(page, 'team-roles');
  await page.getByTestId('new-role').click();
  await expect(page.getByTestId('role-editor-dialog')).toBeVisible();
  await check(page, 'role-editor-dialog');
  await page.keyboard.press('Escape');
  await openSection(page, 'activity');
  await check(page, 'team-activity');

  await page.goto(`${base}/data-sources`);
  await expect(page.getByTestId('new-client-link')).toBeVisible();
  await check(page, 'data-sources-empty');
  await chooseConnector(page, 'google-analytics', 'Google Analytics');
  await check(page, 'connect-panel');
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Google Analytics', 'Allow', 'reports@agency.example');
  await page.waitForURL(/\/data-sources\/callback\?/);
  await expect(page.getByTestId('result-connected')).toBeVisible();
  await check(page, 'connection-result');
  await page.getByTestId('result-back').click();
  await page.waitForURL(/\/data-sources$/);
  await expect(page.getByTestId('account-row').first()).toBeVisible();
  await check(page, 'data-sources');

  await page.goto(`${base}/stats`);
  await expect(page.getByTestId('stats-credentials')).toBeVisible();
  await check(page, 'stats');
  await page.goto(`${base}/billing`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'billing');
  await page.goto(`${base}/no-such-page`);
  await check(page, 'not-found');
});

for (const host of ['localhost', 'raven.localhost', 'tapclicks.localhost']) {
  test(`the Add data source gallery of ${host} fits a 360 px phone`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const base = origin(host);
    await signIn(page, base, { email: uniqueEmail(testInfo, 'gallery') });
    await page.goto(`${base}/data-sources`);
    await page
      .getByTestId('add-data-source')
      .or(page.getByTestId('empty-add-data-source'))
      .first()
      .click();
    const gallery = page.getByRole('dialog', { name: 'Add data source' });
    await expect(gallery.getByTestId('connector-tile-google-ads')).toBeVisible();
    await check(page, `gallery-${host.split('.')[0]}`);
    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/gallery-desktop-${host.split('.')[0]}.png` });
    }
  });
}

for (const team of STATS_TEAMS) {
  test(`Stats with a year of history in ${team.name} fits a 360 px phone, marks in its legend`, async ({
    page,
  }) => {
    const base = origin(team.host);
    await signIn(page, base, { email: team.email });
    await page.goto(`${base}/stats`);
    await expect(page.getByTestId('stats-loaded')).toBeVisible();
    await expect(page.getByTestId('stats-failing').locator('tbody tr').first()).toBeVisible();
    await check(page, `stats-history-${team.host.split('.')[0]}`);
  });
}
