import { expect, type Page } from '@playwright/test';

/** Opens the gallery on the Data Sources screen and picks a connector by its nameSimple. */
export async function chooseConnector(page: Page, nameSimple: string, search: string) {
  const add = page.getByTestId('add-data-source').or(page.getByTestId('empty-add-data-source'));
  await add.first().click();
  const gallery = page.getByRole('dialog', { name: 'Add data source' });
  await gallery.getByTestId('connector-search').fill(search);
  await gallery.getByTestId(`connector-tile-${nameSimple}`).click();
}

/** On the sandbox provider's consent page: sign in as `credentialName` and press Allow or Deny. */
export async function answerConsent(
  page: Page,
  connectorName: string,
  decision: 'Allow' | 'Deny',
  credentialName?: string,
) {
  await expect(page.getByRole('heading', { name: `${connectorName} (sandbox)` })).toBeVisible();
  if (credentialName) {
    await page.getByLabel(`Sign in to ${connectorName} as`).fill(credentialName);
  }
  await page.getByRole('button', { name: decision, exact: true }).click();
}

/** Connects an OAuth connector through the panel and the sandbox, back on Data Sources. */
export async function connectOAuth(
  page: Page,
  connector: { nameSimple: string; name: string },
  credentialName?: string,
) {
  await chooseConnector(page, connector.nameSimple, connector.name);
  await page.getByTestId('connector-auth-link').click();
  await answerConsent(page, connector.name, 'Allow', credentialName);
  await page.waitForURL(/\/data-sources\/callback\?/);
  await expect(page.getByTestId('result-connected')).toBeVisible();
  await page.getByTestId('result-back').click();
  await page.waitForURL(/\/data-sources$/);
}
