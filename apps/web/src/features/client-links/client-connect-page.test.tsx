import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { appConfig, sessionUser, teamInfo } from '../../test/fixtures.ts';
import { mockApi, type MockRoutes, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';
import type { ClientConnectionResult, ClientLinkInfo } from './api/client-connect.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function info(overrides: Partial<ClientLinkInfo> = {}): ClientLinkInfo {
  return {
    status: 'active',
    teamName: 'Northwind Media',
    connectorId: 1,
    connectorName: 'Google Analytics',
    expiresAt: '2099-03-21T10:00:00.000Z',
    recipientEmail: 'client@brand.com',
    blockedReason: null,
    reconnectLogin: null,
    ...overrides,
  };
}

function mockClient(page: Reply<'getClientLinkInfo'>, extra: MockRoutes = {}) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: {} },
    getClientLinkInfo: page,
    ...extra,
  });
}

describe('the client’s connect page', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('names the team and data source, and sends the client to the provider with their email', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = mockClient(
      { body: info() },
      { startClientConnection: { body: { authUri: 'https://provider.test/consent' } } },
    );
    renderApp(`/connect/${TOKEN}`);
    expect(await screen.findByTestId('client-connect-title')).toHaveTextContent(
      'Connect your Google Analytics accounts to Northwind Media',
    );
    expect(screen.getByTestId('client-connect-email')).toHaveValue('client@brand.com');
    // Nothing of the team's app: no navigation.
    expect(screen.queryByRole('navigation')).toBeNull();
    await userEvent.click(screen.getByTestId('client-connect-continue'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://provider.test/consent'));
    const start = requests.find((r) => r.endpoint === 'startClientConnection');
    expect(Object.fromEntries(new URLSearchParams(start?.body))).toEqual({
      token: TOKEN,
      email: 'client@brand.com',
    });
  });

  it('a reconnect link names the login to sign in to again', async () => {
    mockClient({ body: info({ reconnectLogin: 'analytics@brand.com' }) });
    renderApp(`/connect/${TOKEN}`);
    expect(await screen.findByTestId('client-connect-title')).toHaveTextContent(
      'Reconnect your Google Analytics login analytics@brand.com for Northwind Media',
    );
    expect(
      screen.getByText(/Sign in at Google Analytics as analytics@brand.com again/),
    ).toBeVisible();
  });

  it('shows no app chrome even to someone signed in on this browser', async () => {
    useAppStore.getState().setUser(sessionUser({ manage_data_sources: true }));
    mockClient({ body: info() }, { getTeamInfo: { body: teamInfo() } });
    renderApp(`/connect/${TOKEN}`);
    await screen.findByTestId('client-connect-title');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks for a valid email before starting', async () => {
    const requests = mockClient({ body: info({ recipientEmail: null }) });
    renderApp(`/connect/${TOKEN}`);
    await userEvent.click(await screen.findByTestId('client-connect-continue'));
    expect(screen.getByText(/Your email must be an email address/)).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'startClientConnection')).toBe(false);
  });

  it('says why a full team cannot take accounts, with nothing to click', async () => {
    mockClient({ body: info({ blockedReason: 'Northwind Media has no room for more accounts.' }) });
    renderApp(`/connect/${TOKEN}`);
    expect(await screen.findByTestId('client-connect-blocked')).toHaveTextContent(
      'Northwind Media has no room for more accounts.',
    );
    expect(screen.queryByTestId('client-connect-continue')).toBeNull();
  });

  it.each([
    ['used', 'This link has already been used', /ask Northwind Media for a new link/],
    ['expired', 'This link has expired', /Ask Northwind Media to send you a new one/],
    ['revoked', 'This link was withdrawn', /Northwind Media cancelled it/],
  ] as const)('a %s link gets a clear page', async (status, title, text) => {
    mockClient({ body: info({ status }) });
    renderApp(`/connect/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('an unknown or malformed link says it does not work, without a stack trace', async () => {
    mockClient({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'not valid' } } });
    renderApp(`/connect/${TOKEN}`);
    expect(await screen.findByTestId('client-link-unknown')).toHaveTextContent(
      'This link does not work',
    );
  });

  it('a link that stopped working meanwhile shows why instead of starting', async () => {
    let status: ClientLinkInfo['status'] = 'active';
    mockClient(() => ({ body: info({ status }) }), {
      startClientConnection: () => {
        status = 'used';
        return { status: 409, body: { error: { code: 'CONFLICT', message: 'used' } } };
      },
    });
    renderApp(`/connect/${TOKEN}`);
    await userEvent.click(await screen.findByTestId('client-connect-continue'));
    expect(await screen.findByTestId('client-link-used')).toBeInTheDocument();
  });
});

describe('the client’s result page', () => {
  beforeEach(resetStores);

  const result = (overrides: Partial<ClientConnectionResult['result']> = {}) => ({
    body: {
      teamName: 'Northwind Media',
      connectorId: 1,
      connectorName: 'Google Analytics',
      result: {
        status: 'connected' as const,
        connector: 1,
        credentialName: 'client@brand.com',
        accountsAdded: 3,
        accountsSkipped: 0,
        redirectUri: null,
        error: null,
        ...overrides,
      },
    },
  });

  it('says the account was connected', async () => {
    mockApi({ getConfig: { body: appConfig }, getClientConnectionResult: result() });
    renderApp('/connect/done?id=r1');
    expect(
      await screen.findByRole('heading', { name: 'Your Google Analytics account was connected' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('client-result-text')).toHaveTextContent(
      '3 accounts are now shared with Northwind Media. You can close this page.',
    );
  });

  it('names the accounts the plan left out, and the reason a connection failed', async () => {
    mockApi({
      getConfig: { body: appConfig },
      getClientConnectionResult: result({ accountsAdded: 1, accountsSkipped: 2 }),
    });
    renderApp('/connect/done?id=r1');
    expect(await screen.findByTestId('client-result-text')).toHaveTextContent(
      "2 accounts were not added: Northwind Media's plan has no room for more.",
    );
  });

  it('shows the error of a failed connection', async () => {
    mockApi({
      getConfig: { body: appConfig },
      getClientConnectionResult: result({
        status: 'error',
        accountsAdded: 0,
        error: 'This link has already been used.',
      }),
    });
    renderApp('/connect/done?id=r1');
    expect(
      await screen.findByRole('heading', {
        name: 'Your Google Analytics account could not be connected',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('This link has already been used.')).toBeInTheDocument();
  });

  it('another browser’s or an expired result shows nothing to see', async () => {
    mockApi({
      getConfig: { body: appConfig },
      getClientConnectionResult: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'x' } },
      },
    });
    renderApp('/connect/done?id=r1');
    expect(await screen.findByTestId('client-result-none')).toBeInTheDocument();
  });
});
