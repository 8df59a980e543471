import type { CatalogueField } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { connectorConfig, groupedData, sampleGroups } from '../../../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';

const GA_FIELDS: CatalogueField[] = [
  {
    id: 'date',
    name: 'Date',
    description: 'The day, in the account time zone.',
    concept: 'DIMENSION',
    lookerStudioType: 'YEAR_MONTH_DAY',
    semanticType: 'date',
    group: 'Time',
  },
  {
    id: 'item_name',
    name: 'Item name',
    description: 'The product sold.',
    concept: 'DIMENSION',
    lookerStudioType: 'TEXT',
    semanticType: 'text',
    group: 'Ecommerce',
    incompatibleWith: ['sessions'],
  },
  {
    id: 'sessions',
    name: 'Sessions',
    description: 'Sessions that began.',
    concept: 'METRIC',
    lookerStudioType: 'NUMBER',
    semanticType: 'number',
    aggregation: 'SUM',
    group: 'Session',
  },
  {
    id: 'total_revenue',
    name: 'Total revenue',
    description: 'Purchase, subscription and ad revenue.',
    concept: 'METRIC',
    lookerStudioType: 'CURRENCY_EUR',
    semanticType: 'currency',
    aggregation: 'SUM',
    group: 'Ecommerce',
  },
];

function mockFieldsApi(permissions: Record<string, boolean>, extra: MockRoutes = {}) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(permissions) },
    getGroupedData: { body: groupedData(sampleGroups()) },
    getAccountFields: (req) => ({
      body: {
        connectorId: 1,
        account: { id: req.params.accountId ?? '', name: 'Acme Website' },
        fields: GA_FIELDS,
      },
    }),
    ...extra,
  });
}

async function openDataSources(permissions: Record<string, boolean>) {
  useAppStore.getState().setUser(sessionUser(permissions));
  renderApp('/data-sources');
  await screen.findAllByTestId('connector-group');
}

const fieldNames = () =>
  screen
    .queryAllByTestId('field-row')
    .map((row) => row.querySelector('.fx-name-text')?.textContent);

describe('Field explorer', () => {
  beforeEach(resetStores);

  it("lists an account's fields, searchable and filtered by group, kind and type", async () => {
    const user = userEvent.setup();
    const requests = mockFieldsApi({ manage_data_sources: true });
    await openDataSources({ manage_data_sources: true });

    const opener = screen.getByRole('button', { name: 'Fields of Acme Website' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Fields of Acme Website' });
    await within(dialog).findAllByTestId('field-row');
    expect(
      requests.some((r) => r.endpoint === 'getAccountFields' && r.params.accountId === 'a1'),
    ).toBe(true);
    expect(fieldNames()).toEqual(['Date', 'Item name', 'Sessions', 'Total revenue']);
    expect(within(dialog).getByTestId('field-count')).toHaveTextContent('4 fields');
    // Money is in the account's currency; a metric says how it aggregates.
    const revenue = within(dialog).getByText('Total revenue').closest('tr') as HTMLElement;
    expect(revenue).toHaveTextContent('Currency (EUR)');
    expect(revenue).toHaveTextContent('sum');
    expect(revenue).toHaveTextContent('Purchase, subscription and ad revenue.');
    // A conflict shows on both fields.
    const item = within(dialog).getByText('Item name').closest('tr') as HTMLElement;
    expect(within(item).getByTestId('field-combines')).toHaveTextContent(
      'Cannot be combined with Sessions.',
    );
    const sessions = within(dialog).getByText('Sessions').closest('tr') as HTMLElement;
    expect(within(sessions).getByTestId('field-combines')).toHaveTextContent(
      'Cannot be combined with Item name.',
    );

    await user.type(within(dialog).getByTestId('field-search'), 'name');
    expect(fieldNames()).toEqual(['Item name']);
    expect(within(dialog).getByTestId('field-count')).toHaveTextContent('1 of 4 fields');
    await user.click(within(dialog).getByTestId('clear-field-filters'));

    await user.selectOptions(within(dialog).getByLabelText('Group'), 'Ecommerce');
    expect(fieldNames()).toEqual(['Item name', 'Total revenue']);
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'METRIC');
    expect(fieldNames()).toEqual(['Total revenue']);
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'date');
    expect(fieldNames()).toEqual([]);
    expect(within(dialog).getByTestId('no-fields')).toHaveTextContent(
      'No field matches these filters.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Clear filters' }));
    expect(fieldNames()).toHaveLength(4);

    // Esc closes it and focus goes back to the button that opened it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("shows a connector's standard fields before connecting, and says when it has none", async () => {
    const user = userEvent.setup();
    const requests = mockFieldsApi(
      {},
      {
        getConnectorFields: (req) =>
          req.params.connectorId === '15'
            ? {
                status: 404,
                body: {
                  error: {
                    code: 'NOT_FOUND',
                    message: 'Reports are not available for ApexChat yet, so it has no field list.',
                  },
                },
              }
            : {
                body: {
                  connectorId: Number(req.params.connectorId),
                  account: null,
                  fields: GA_FIELDS.map((f) =>
                    f.semanticType === 'currency' ? { ...f, lookerStudioType: 'CURRENCY_USD' } : f,
                  ),
                },
              },
      },
    );
    // Someone who may only view data sources can browse fields too.
    await openDataSources({});
    await user.click(screen.getByTestId('browse-fields'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findAllByTestId('field-row');
    // The team's first connector (CallRail, id 11) is shown first.
    expect(
      requests.some((r) => r.endpoint === 'getConnectorFields' && r.params.connectorId === '11'),
    ).toBe(true);
    expect(dialog).toHaveAccessibleName('CallRail fields');
    // No account yet: money is in the account's currency, none named.
    const revenue = within(dialog).getByText('Total revenue').closest('tr') as HTMLElement;
    expect(revenue).toHaveTextContent('Currency');
    expect(revenue).not.toHaveTextContent('USD');

    await user.selectOptions(within(dialog).getByTestId('field-connector'), '15');
    expect(await within(dialog).findByTestId('field-explorer-error')).toHaveTextContent(
      'Reports are not available for ApexChat yet, so it has no field list.',
    );
    await waitFor(() => expect(within(dialog).queryAllByTestId('field-row')).toHaveLength(0));
  });
});
