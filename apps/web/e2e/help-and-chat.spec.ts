import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { answerConsent, chooseConnector } from './data-sources-support.ts';
import { origin, signIn, uniqueEmail } from './support.ts';

const SKINS = [
  { host: 'localhost', name: 'Megalytic', folder: 'megalytic', chat: false },
  { host: 'raven.localhost', name: 'Raven', folder: 'raven', chat: false },
  { host: 'tapclicks.localhost', name: 'TapClicks', folder: 'tapclicks', chat: true },
] as const;

// The chat vendor configured on the E2E_FAST_PORT server (playwright.config.ts). This stand-in
// shows a launcher carrying the widget id it was given, as a real vendor script would.
const VENDOR_SCRIPT = 'http://chat-vendor.localhost/widget.js';
const VENDOR_BODY = `(() => {
  const launcher = document.createElement('button');
  launcher.dataset.testid = 'vendor-chat';
  launcher.textContent = 'Vendor chat ' + document.currentScript.dataset.widgetId;
  document.body.appendChild(launcher);
})();`;

/** Help links open other sites and mail: keep every request on this machine. */
async function stayOnLoopback(context: BrowserContext) {
  await context.route(
    (url) => !/^(127\.0\.0\.1|localhost|[\w-]+\.localhost)$/.test(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
}

/** The 'GDS -' events in the page's dataLayer, as [name, category, label]. */
async function gdsEvents(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => entry as Record<string, unknown>)
      .filter((entry) => String(entry.event).startsWith('GDS -'))
      .map((entry) => [entry.event, entry.eventCategory, entry.eventLabel].map(String)),
  );
}

test.beforeEach(async ({ context }) => {
  await stayOnLoopback(context);
});

for (const skin of SKINS) {
  test(`${skin.name}: help in the login card and user menu; chat ${skin.chat ? 'from the vendor' : 'absent'}`, async ({
    page,
  }, testInfo) => {
    let vendorRequests = 0;
    await page.route(VENDOR_SCRIPT, (route) => {
      vendorRequests += 1;
      return route.fulfill({ contentType: 'text/javascript', body: VENDOR_BODY });
    });
    const base = origin(skin.host, process.env.E2E_FAST_PORT);
    await page.goto(`${base}/login`);
    const help = page.getByTestId('support-links');
    await expect(help.getByRole('link', { name: 'Read the FAQ' })).toBeVisible();
    await expect(help.getByRole('link', { name: `Contact ${skin.name} support` })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`login-card-${skin.folder}.png`) });

    await signIn(page, base, { email: uniqueEmail(testInfo, skin.folder), firstName: 'Iris' });
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem', { name: /Help & FAQ/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Email support' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`user-menu-${skin.folder}.png`) });

    const vendorChat = page.getByTestId('vendor-chat');
    if (skin.chat) {
      await expect(vendorChat).toHaveText('Vendor chat e2e-widget');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Data Sources' })
        .click();
      await expect(page.getByRole('heading', { name: 'Data Sources', level: 1 })).toBeVisible();
      await expect(vendorChat).toHaveCount(1);
      expect(vendorRequests).toBe(1);
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(vendorChat).toHaveCount(0);
      expect(vendorRequests).toBe(0);
    }
    await expect(page.getByTestId('chat-widget')).toHaveCount(0);
  });
}

test('without a chat vendor TapClicks offers the launcher to the support email', async ({
  page,
}, testInfo) => {
  await signIn(page, origin('tapclicks.localhost'), { email: uniqueEmail(testInfo, 'tc') });
  const launcher = page.getByRole('link', { name: /Chat with us/ });
  await expect(launcher).toHaveAttribute('href', /^mailto:support@tapclicks\.com/);
  // A mail client would open; the event is what matters here.
  await page.evaluate(() =>
    document.addEventListener('click', (click) => click.preventDefault(), { capture: true }),
  );
  await launcher.click();
  expect(await gdsEvents(page)).toEqual([['GDS - Contact Support', 'click', 'chat']]);
});

test('connector, account and support events land in the dataLayer as people act', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo), firstName: 'Eli' });
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();

  await chooseConnector(page, 'pinterest-ads', 'Pinterest Ads');
  await expect(page.getByRole('dialog', { name: 'Connect Pinterest Ads' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await gdsEvents(page)).toEqual([
    ['GDS - Connector Select', 'click', 'pinterest-ads'],
    ['GDS - Connector Deselect', 'click', 'pinterest-ads'],
  ]);

  await chooseConnector(page, 'pinterest-ads', 'Pinterest Ads');
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, 'Pinterest Ads', 'Allow');
  await expect(page.getByTestId('result-connected')).toBeVisible();
  // The provider's page came between: the callback page's dataLayer starts afresh.
  expect(await gdsEvents(page)).toEqual([['GDS - Accounts Changed', 'click', 'added']]);
  await page.getByTestId('result-back').click();

  const rows = page.getByTestId('account-row');
  await rows.first().getByTestId('delete-account-button').click();
  await page.getByTestId('confirm-delete-button').click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId('user-menu').click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: /Help & FAQ/ }).click();
  await (await popup).close();
  expect(await gdsEvents(page)).toEqual([
    ['GDS - Accounts Changed', 'click', 'added'],
    ['GDS - Accounts Changed', 'click', 'deleted'],
    ['GDS - Contact Support', 'click', 'faq'],
  ]);
});
