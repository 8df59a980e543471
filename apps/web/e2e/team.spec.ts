import { expect, test } from '@playwright/test';
import { origin, signIn, uniqueEmail } from './support.ts';

test('renaming the team checks the name, saves it and keeps it after a reload', async ({
  page,
}, testInfo) => {
  await signIn(page, origin(), { email: uniqueEmail(testInfo), firstName: 'Linus' });

  await page.getByTestId('team-name-edit').click();
  await page.getByTestId('team-name-input').fill('   ');
  await page.getByTestId('team-name-save').click();
  await expect(page.getByTestId('team-name-error')).toHaveText(/Team name is required/);

  await page.getByTestId('team-name-input').press('Escape');
  await expect(page.getByTestId('team-name')).toHaveText("Linus's team");

  await page.getByTestId('team-name-edit').click();
  await page.getByTestId('team-name-input').fill('Northwind Agency');
  await page.getByTestId('team-name-input').press('Enter');
  await expect(page.getByText('Team name updated')).toBeVisible();
  await expect(page.getByTestId('team-name')).toHaveText('Northwind Agency');

  await page.reload();
  await expect(page.getByTestId('team-name')).toHaveText('Northwind Agency');
});
