import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorGrant } from '@gds/contract';
import { useAppStore } from '../../../lib/app-store.ts';
import { connectorConfig, groupedData, sampleGroups } from '../../../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';

const grant = (overrides: Partial<ConnectorGrant> = {}): ConnectorGrant => ({
  id: 'grant-1',
  user: { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' },
  client: { id: 'looker-studio', name: 'Looker Studio connector' },
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastUsedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  revocable: true,
  ...overrides,
});

function open(extra: MockRoutes, config = appConfig) {
  const requests = mockApi({
    getConfig: { body: config },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo({ manage_data_sources: true }) },
    getGroupedData: { body: groupedData(sampleGroups()) },
    ...extra,
  });
  useAppStore.getState().setUser(sessionUser({ manage_data_sources: true }));
  renderApp('/data-sources');
  return requests;
}

describe('Looker Studio access on Data Sources', () => {
  beforeEach(resetStores);

  it('lists who allowed the connector, when, and when it was last used', async () => {
    open({
      getConnectorGrants: {
        body: {
          grants: [
            grant(),
            grant({ id: 'grant-2', user: null, lastUsedAt: null, revocable: false }),
          ],
        },
      },
    });
    const rows = await screen.findAllByTestId('connector-grant-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Ann Lee')).toBeInTheDocument();
    expect(first.getByText('Looker Studio connector')).toBeInTheDocument();
    expect(first.getByText('3 days ago')).toBeInTheDocument();
    expect(first.getByText('2 hours ago')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('A former member')).toBeInTheDocument();
    expect(second.getByText('Never')).toBeInTheDocument();
    // Someone else's grant without Manage data sources: no Revoke button.
    expect(second.queryByTestId('revoke-grant')).toBeNull();
  });

  it('says so when nobody connected the connector yet', async () => {
    open({ getConnectorGrants: { body: { grants: [] } } });
    expect(await screen.findByTestId('connector-grants-empty')).toHaveTextContent(
      'No one has connected the Looker Studio connector yet.',
    );
  });

  it('revokes a grant after confirming, and it leaves the list', async () => {
    let grants = [grant()];
    const requests = open({
      getConnectorGrants: () => ({ body: { grants } }),
      revokeConnectorGrant: () => {
        grants = [];
        return { body: { success: true } };
      },
    });
    await userEvent.click(await screen.findByTestId('revoke-grant'));
    const dialog = await screen.findByTestId('revoke-grant-dialog');
    expect(dialog).toHaveTextContent("Ann Lee's access stop loading data");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(screen.queryAllByTestId('connector-grant-row')).toHaveLength(0));
    const revoke = requests.find((r) => r.endpoint === 'revokeConnectorGrant');
    expect(revoke?.method).toBe('DELETE');
    expect(revoke?.params).toEqual({ grantId: 'grant-1' });
  });

  it('keeps the grant and says why when revoking fails', async () => {
    open({
      getConnectorGrants: { body: { grants: [grant()] } },
      revokeConnectorGrant: {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'You do not have permission to do that.' } },
      },
    });
    await userEvent.click(await screen.findByTestId('revoke-grant'));
    const dialog = await screen.findByTestId('revoke-grant-dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(await within(dialog).findByText(/You do not have permission/)).toBeInTheDocument();
    expect(screen.getAllByTestId('connector-grant-row')).toHaveLength(1);
  });
});

describe('Open in Looker Studio', () => {
  beforeEach(resetStores);

  it('links a connector with a deployment to its connector-creation URL, and no other', async () => {
    const url = 'https://lookerstudio.google.com/datasources/create?connectorId=AKfycbGA';
    open(
      { getConnectorGrants: { body: { grants: [] } } },
      { config: { ...appConfig.config, lookerStudioUrls: { 'google-analytics': url } } },
    );
    const groups = await screen.findAllByTestId('connector-group');
    const ga = groups.find((g) => g.getAttribute('aria-label') === 'Google Analytics');
    const callRail = groups.find((g) => g.getAttribute('aria-label') === 'CallRail');
    const link = within(ga as HTMLElement).getByTestId('open-in-looker-studio');
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(callRail as HTMLElement).queryByTestId('open-in-looker-studio')).toBeNull();
  });
});
