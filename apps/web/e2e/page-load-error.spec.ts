import { expect, test } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';

// The Data Sources screen's own chunk (Vite names chunks after their module).
const DATA_SOURCES_CHUNK = /\/assets\/data-sources-route-[\w-]+\.js$/;

test('a page chunk that fails to load shows the load error with Reload at once', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo), firstName: 'Dana' });
  await page.route(DATA_SOURCES_CHUNK, (route) => route.abort('failed'));

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Data Sources' })
    .click();
  const main = page.getByRole('main');
  // A failed request is known at once: the message must not wait for the 120 s load timeout.
  await expect(main.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({
    timeout: 1000,
  });
  const reload = main.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(main.getByTestId('support-links')).toBeVisible();
  await expect(page).toHaveURL(/\/data-sources$/);
  await page.screenshot({ path: testInfo.outputPath('page-load-error.png') });

  await page.unroute(DATA_SOURCES_CHUNK);
  await reload.click();
  await expect(main.getByRole('heading', { name: 'Data Sources', level: 1 })).toBeVisible();
});

test('opening the app on a screen whose chunk fails shows the load error', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo), firstName: 'Dana' });
  await page.route(DATA_SOURCES_CHUNK, (route) => route.abort('connectionreset'));
  await page.goto('/data-sources');
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
