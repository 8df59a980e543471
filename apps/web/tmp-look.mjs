import { chromium } from 'playwright';
const base = 'http://localhost:3100';
const shots = '/work/screens/s6';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(`${base}/login`);
await page.getByRole('button', { name: /Sign in with Google/ }).click();
await page.getByLabel(/Email/).fill('look-s6d@example.com');
await page.getByRole('button', { name: 'Continue' }).click();
await page.waitForURL(/\/team/);
await page.goto(`${base}/data-sources`);
for (const [simple, name] of [['google-ads', 'Google Ads'], ['google-analytics', 'Google Analytics']]) {
  const add = page.getByTestId('add-data-source').or(page.getByTestId('empty-add-data-source'));
  await add.first().click();
  const gallery = page.getByRole('dialog', { name: 'Add data source' });
  await gallery.getByTestId('connector-search').fill(name);
  await gallery.getByTestId(`connector-tile-${simple}`).click();
  await page.getByTestId('connector-auth-link').click();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await page.waitForURL(/\/data-sources\/callback\?/);
  await page.getByTestId('result-back').click();
  await page.waitForURL(/\/data-sources$/);
}
await page.waitForTimeout(1000);
const rows = page.getByRole('button', { name: /^Fields of / });
console.log('rows', await rows.count());
for (let i = 0; i < await rows.count(); i += 3) {
  await rows.nth(i).click();
  await page.waitForTimeout(2500);
  const dialog = page.getByRole('dialog').first();
  console.log('dialog', i, (await dialog.innerText()).slice(0, 400).replace(/\n/g, ' | '));
  await page.screenshot({ path: `${shots}/account-fields-${i}.png` });
  await dialog.getByLabel('Search fields').fill('keyword');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${shots}/account-fields-${i}-keyword.png` });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
}
console.log('errors', errors);
await browser.close();
