import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { useToastStore } from '../../../lib/toast-store.ts';
import {
  account,
  authStart,
  connectorConfig,
  groupedData,
  credential,
  sampleGroups,
} from '../../../test/data-source-fixtures.ts';
import { appConfig, daysFromNow, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';
import type { GroupedData } from '../api/grouped-data-query.ts';

const MANAGE = { manage_data_sources: true };

function mockDataSourcesApi(
  data: GroupedData | (() => GroupedData),
  extra: MockRoutes = {},
  permissions: Record<string, boolean> = MANAGE,
) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(permissions) },
    getGroupedData: () => ({
      body: typeof data === 'function' ? data() : data,
    }),
    ...extra,
  });
}

async function openDataSources(permissions: Record<string, boolean> = MANAGE) {
  useAppStore.getState().setUser(sessionUser(permissions));
  const app = renderApp('/data-sources');
  await screen.findAllByTestId('connector-group');
  return app;
}

const rows = () => screen.queryAllByTestId('account-row');
const rowNames = () => rows().map((row) => row.querySelector('.ds-account-name')?.textContent);
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

describe('Data Sources screen', () => {
  beforeEach(resetStores);

  it('groups the accounts by connector with their credentials, and meters the plan', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()));
    await openDataSources();

    const groups = screen.getAllByTestId('connector-group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'CallRail',
      'Google Analytics',
    ]);
    const ga = within(groups[1] as HTMLElement);
    expect(ga.getByText('marketing@acme.test')).toBeInTheDocument();
    expect(ga.getByText('cred-ga')).toBeInTheDocument();
    expect(ga.getAllByTestId('account-row')).toHaveLength(2);
    expect(ga.getByText('UA-2222')).toBeInTheDocument();
    // The deleted CallRail account is only in the Deleted view.
    expect(rowNames()).toEqual(['Acme Calls', 'Acme Website', 'Acme Shop']);
    expect(screen.getByTestId('accounts-meter')).toHaveTextContent('3 of 20 accounts used');
    expect(screen.getByRole('meter', { name: 'Accounts used' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(screen.getByTestId('credential-status-reason')).toHaveTextContent(
      'The API key was revoked at CallRail',
    );
    expect(screen.getByTestId('tab-deleted')).toHaveTextContent('Deleted1');
  });

  it('says when a login expires within 14 days, and filters to those logins', async () => {
    const groups = sampleGroups();
    const ga = groups.find((g) => g.connectorId === 1);
    if (!ga?.credentials[0]) throw new Error('sample has a Google Analytics login');
    ga.credentials[0] = {
      ...ga.credentials[0],
      expiresAt: daysFromNow(4.5),
      expirySource: 'provider',
    };
    mockDataSourcesApi(groupedData(groups));
    await openDataSources();

    expect(screen.getAllByTestId('credential-expiry')).toHaveLength(1);
    expect(screen.getByTestId('credential-expiry')).toHaveTextContent('Expires in 5 days');
    await userEvent.click(screen.getByTestId('expiring-filter'));
    await waitFor(() => expect(rowNames()).toEqual(['Acme Website', 'Acme Shop']));
  });

  it('warns near the account limit', async () => {
    mockDataSourcesApi(groupedData(sampleGroups(), { accountsUsed: 18, accountLimit: 20 }));
    await openDataSources();
    expect(screen.getByTestId('accounts-meter')).toHaveAttribute('data-tone', 'warning');
  });

  it('filters by status, by connector and by search', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()));
    await openDataSources();
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'needs_reconnect');
    await waitFor(() => expect(rowNames()).toEqual(['Acme Calls']));
    expect(screen.getAllByTestId('connector-group')).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'connected');
    await waitFor(() => expect(rowNames()).toEqual(['Acme Website', 'Acme Shop']));

    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'ua-22');
    await waitFor(() => expect(rowNames()).toEqual(['Acme Shop']));

    await user.click(screen.getByTestId('clear-filters'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Connector' }), 'CallRail');
    await waitFor(() => expect(rowNames()).toEqual(['Acme Calls']));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'error');
    expect(await screen.findByText('No accounts match')).toBeInTheDocument();
  });

  it('deletes an account after confirmation, and lists it under Deleted', async () => {
    let data = groupedData(sampleGroups());
    const requests = mockDataSourcesApi(() => data, {
      deleteAccount: () => {
        const deleted = account({
          id: 'a2',
          name: 'Acme Shop',
          externalId: 'UA-2222',
          status: 'deleted',
          deletedAt: '2026-03-21T10:00:00.000Z',
          deletedBy: { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' },
          purgeAt: '2026-04-20T10:00:00.000Z',
        });
        const groups = sampleGroups();
        const ga = groups[0]?.credentials[0];
        if (ga) ga.accounts = ga.accounts.map((a) => (a.id === 'a2' ? deleted : a));
        data = groupedData(groups);
        return { body: { account: deleted } };
      },
    });
    await openDataSources();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete Acme Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme Shop?' });
    expect(dialog).toHaveTextContent('restore it from Deleted for 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      requests.some((r) => r.endpoint === 'deleteAccount' && r.params.accountId === 'a2'),
    ).toBe(true);
    await waitFor(() => expect(rowNames()).toEqual(['Acme Calls', 'Acme Website']));
    expect(toasts()).toContain('success: Acme Shop was moved to Deleted');

    await user.click(screen.getByRole('tab', { name: /Deleted/ }));
    const deleted = await screen.findAllByTestId('deleted-account-row');
    expect(deleted.map((row) => row.querySelector('.ds-account-name')?.textContent)).toEqual([
      'Acme Shop',
      'Old Calls',
    ]);
    const oldCalls = within(deleted[1] as HTMLElement);
    expect(oldCalls.getByText('Mar 18, 2026')).toBeInTheDocument();
    expect(oldCalls.getByText('by Bob Stone')).toBeInTheDocument();
    expect(oldCalls.getByText('Apr 17, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('deleted-view')).toHaveTextContent('kept for 30 days');
  });

  it('says how soon a deleted account is purged, with the exact time on hover', async () => {
    const purgeAt = daysFromNow(5);
    const groups = sampleGroups();
    for (const credential of groups.flatMap((group) => group.credentials)) {
      credential.accounts = credential.accounts.map((a) => (a.id === 'a4' ? { ...a, purgeAt } : a));
    }
    mockDataSourcesApi(groupedData(groups));
    await openDataSources();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Deleted/ }));

    const [oldCalls] = await screen.findAllByTestId('deleted-account-row');
    const countdown = within(oldCalls as HTMLElement).getByText('in 5 days');
    expect(countdown).toHaveAttribute('title', expect.stringMatching(/\d{4}, \d+:\d\d [AP]M$/));
    expect(countdown).toHaveAttribute('dateTime', purgeAt);
  });

  it('shows why a restore was refused past the plan limit (409)', async () => {
    const message = 'Your plan allows 20 accounts. Delete one or raise the limit in Billing.';
    const requests = mockDataSourcesApi(groupedData(sampleGroups()), {
      restoreAccount: {
        status: 409,
        body: { error: { code: 'CONFLICT', message } },
      },
    });
    await openDataSources();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-deleted'));
    await user.click(await screen.findByRole('button', { name: 'Restore Old Calls' }));

    expect(await screen.findByTestId('restore-error')).toHaveTextContent(message);
    expect(toasts()).toContain(`danger: ${message}`);
    expect(
      requests.some((r) => r.endpoint === 'restoreAccount' && r.params.accountId === 'a4'),
    ).toBe(true);
  });

  it('a restore refused by the plan says where the way out is', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()), {
      restoreAccount: {
        status: 409,
        body: { error: { code: 'PLAN_LIMIT', message: 'Your plan allows 20 accounts.' } },
      },
    });
    await openDataSources();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('tab-deleted'));
    await user.click(await screen.findByRole('button', { name: 'Restore Old Calls' }));

    const error = await screen.findByTestId('restore-error');
    expect(within(error).getByTestId('plan-refusal-hint')).toHaveTextContent(
      'Ask someone who manages billing in your team to raise the plan’s limits to restore it.',
    );
  });

  it('is read-only without manage_data_sources', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()), {}, {});
    await openDataSources({});
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(
      /needs the Manage data sources permission/,
    );
    expect(screen.queryByTestId('add-data-source')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-account-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reconnect-button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('tab-deleted'));
    expect(await screen.findByTestId('deleted-account-row')).toBeInTheDocument();
    expect(screen.queryByTestId('restore-account-button')).not.toBeInTheDocument();
  });

  it('reconnects a credential that needs it, in place (credentialId in the start)', async () => {
    const requests = mockDataSourcesApi(groupedData(sampleGroups()), {
      startConnection: authStart({ state: 'st-1' }),
    });
    await openDataSources();
    await userEvent.click(screen.getByRole('button', { name: 'Reconnect CallRail main' }));

    expect(
      await screen.findByRole('dialog', { name: 'Replace the key of CallRail' }),
    ).toBeInTheDocument();
    const start = requests.find((r) => r.endpoint === 'startConnection');
    expect(Object.fromEntries(start?.query ?? [])).toEqual({
      integration_type: '11',
      masterEmail: 'ann@acme.test',
      type: 'reauth',
      business_unit: 'MEGALYTIC_GDS',
      credentialId: 'cred-cr',
    });
  });

  it('replaces the key of an API-key login from its menu: only the new key typed, the refusal said', async () => {
    const requests = mockDataSourcesApi(groupedData(sampleGroups()), {
      startConnection: authStart({ state: 'st-2' }),
      submitFormLogin: {
        body: {
          success: false,
          redirectUri: null,
          credential: null,
          accountsAdded: 0,
          accountsSkipped: 0,
          error: 'CallRail did not accept these details. Check them and try again.',
        },
      },
    });
    await openDataSources();
    const menus = screen.getAllByRole('button', { name: /^Actions for / });
    expect(menus.map((m) => m.getAttribute('aria-label')).sort()).toEqual([
      'Actions for CallRail main',
      'Actions for marketing@acme.test',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for CallRail main' }));
    await userEvent.click(await screen.findByTestId('replace-key'));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the key of CallRail' });
    expect(within(dialog).getByText(/a field left empty keeps what is stored/)).toBeVisible();
    const key = within(dialog).getByTestId('credential-field-apiKey');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'new-key');
    await userEvent.click(within(dialog).getByTestId('credential-form-submit'));
    await waitFor(() =>
      expect(toasts()).toContain(
        'danger: The key was not replaced: CallRail did not accept these details. Check them and try again.',
      ),
    );
    const sent = requests.find((r) => r.endpoint === 'submitFormLogin');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({
      apiKey: 'new-key',
      accountId: '',
      state: 'st-2',
    });
  });

  it('renders a long list a window at a time, and its search reaches every account', async () => {
    const accounts = Array.from({ length: 130 }, (_, i) => account({ id: `b${i}` }));
    const gone = Array.from({ length: 120 }, (_, i) =>
      account({ id: `d${i}`, status: 'deleted', deletedAt: daysFromNow(-1) }),
    );
    mockDataSourcesApi(
      groupedData(
        [
          {
            connectorId: 3,
            credentials: [credential({ id: 'big', accounts: [...accounts, ...gone] })],
          },
        ],
        {
          accountLimit: 200,
        },
      ),
    );
    await openDataSources();
    // The header row, the login's row and its 130 accounts, of which only a screenful is drawn.
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '132');
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(50);
    expect(rows()[0]).toHaveAttribute('aria-rowindex', '3');

    await userEvent.type(screen.getByTestId('account-search'), 'ext-b129');
    await waitFor(() => expect(rowNames()).toEqual(['Account b129']));
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account b129' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.clear(screen.getByTestId('account-search'));
    await userEvent.click(screen.getByTestId('tab-deleted'));
    const deleted = await screen.findAllByTestId('deleted-account-row');
    expect(deleted.length).toBeLessThan(50);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '121');
  });

  it('collapses and expands a connector', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()));
    await openDataSources();
    const toggle = screen.getByRole('button', { name: /Google Analytics/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(rowNames()).toEqual(['Acme Calls']);
    await userEvent.click(toggle);
    expect(rows()).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(rows()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(rows()).toHaveLength(3);
  });

  it('switches between Accounts and Deleted with the arrow keys', async () => {
    mockDataSourcesApi(groupedData(sampleGroups()));
    await openDataSources();
    const user = userEvent.setup();
    const accountsTab = screen.getByRole('tab', { name: /Accounts/ });
    expect(accountsTab).toHaveAttribute('aria-selected', 'true');
    accountsTab.focus();
    await user.keyboard('{ArrowRight}');
    const deletedTab = screen.getByRole('tab', { name: /Deleted/ });
    expect(deletedTab).toHaveAttribute('aria-selected', 'true');
    expect(deletedTab).toHaveFocus();
    expect(await screen.findByTestId('deleted-view')).toBeInTheDocument();
  });

  it('invites a team without data sources to add one', async () => {
    mockDataSourcesApi(groupedData([]));
    useAppStore.getState().setUser(sessionUser(MANAGE));
    renderApp('/data-sources');
    expect(await screen.findByText('Connect your first data source')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('empty-add-data-source'));
    expect(screen.getByRole('dialog', { name: 'Add data source' })).toBeInTheDocument();
  });
});
