import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { STATS_TEAMS } from './stats-teams.ts';
import { expectAccessible, origin, signIn } from './support.ts';

for (const team of STATS_TEAMS) {
  test(`Stats with a year of history in ${team.name}`, async ({ page }) => {
    const base = origin(team.host);
    await signIn(page, base, { email: team.email });
    await page.getByRole('link', { name: 'Stats' }).first().click();
    await page.waitForURL(`${base}/stats`);
    await expect(page.getByTestId('stats-loaded')).toBeVisible();

    // A year: one request, then three drawn charts.
    const answered = page.waitForResponse((r) => r.url().includes('/api/stats?'));
    await page.getByRole('button', { name: '12 months' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { accounts: { daily: unknown[] } };
    expect(body.accounts.daily.length).toBe(365);
    await expect(page.locator('.stats-chart canvas')).toHaveCount(3);
    await expect(page.getByTestId('stats-requests')).toContainText('rows served');
    await expect(page.getByTestId('stats-failing')).toContainText('Reconnect Google Ads');
    await expect(page.getByTestId('stats-connectors').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('stats-credentials')).toContainText('Google Analytics');

    // The same numbers as a table, and as a CSV file.
    const accounts = page.getByTestId('stats-accounts');
    await accounts.getByRole('button', { name: 'Table' }).click();
    await expect(accounts.getByRole('row')).toHaveCount(366);
    const download = page.waitForEvent('download');
    await accounts.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Accounts,Limit');
    expect(lines).toHaveLength(366);

    await expectAccessible(page);
  });
}
