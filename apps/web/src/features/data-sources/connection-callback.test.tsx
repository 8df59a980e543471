import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, whenHydrated } from '../../lib/app-store.ts';
import { useToastStore } from '../../lib/toast-store.ts';
import { connectorConfig, groupedData } from '../../test/data-source-fixtures.ts';
import { appConfig, profileUser, sessionUser, team } from '../../test/fixtures.ts';
import { mockApi, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { AUTO_CONTINUE_MS } from './components/connection-result.tsx';
import { parseCallback } from './connection-callback.ts';

const MANAGE = { manage_data_sources: true };
const LOOKER = 'https://lookerstudio.google.com/u/0/datasources/create';

function mockCallbackApi(extra: Record<string, Reply> = {}) {
  return mockApi({
    'GET /api/home/config': {
      body: {
        config: { ...appConfig.config, gdsRedirectAllowlist: ['https://lookerstudio.google.com/'] },
      },
    },
    'GET /api/dataSources/connectorConfig': { body: connectorConfig() },
    'GET /api/team/info': { body: { team, user: profileUser(MANAGE) } },
    'GET /api/dataSources/groupedData': { body: groupedData([]) },
    ...extra,
  });
}

const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

describe('/data-sources/callback', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
    useAppStore.getState().setUser(sessionUser(MANAGE));
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connected: toasts, sums up the accounts added and returns to Data Sources', async () => {
    mockCallbackApi();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const app = renderApp(
      '/data-sources/callback?status=connected&connector=1&credentialName=marketing%40acme.test&accountsAdded=3',
    );
    expect(await screen.findByTestId('accounts-added')).toHaveTextContent('3 accounts added');
    expect(screen.getByRole('heading', { name: 'Google Analytics connected' })).toBeInTheDocument();
    expect(screen.getByText('marketing@acme.test')).toBeInTheDocument();
    expect(toasts()).toEqual(['success: Your Google Analytics account was connected']);
    expect(screen.getByRole('link', { name: 'Back to Data Sources' })).toHaveAttribute(
      'href',
      '/data-sources',
    );

    vi.advanceTimersByTime(AUTO_CONTINUE_MS);
    await waitFor(() => expect(app.location()).toBe('/data-sources'));
    expect(await screen.findByText('Connect your first data source')).toBeInTheDocument();
  });

  it('connected from a dashboard tool: Continue goes back to it; skipped accounts explained', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockCallbackApi();
    renderApp(
      `/data-sources/callback?status=connected&connector=3&credentialName=ads&accountsAdded=1&accountsSkipped=2&redirectUri=${encodeURIComponent(LOOKER)}`,
    );
    expect(await screen.findByTestId('accounts-added')).toHaveTextContent('1 account added');
    expect(screen.getByTestId('accounts-skipped')).toHaveTextContent(
      /2 accounts were not added because your plan's account limit was reached/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith(LOOKER);
  });

  it('a return address off the allow-list is not offered', async () => {
    mockCallbackApi();
    renderApp(
      `/data-sources/callback?status=connected&connector=3&accountsAdded=1&redirectUri=${encodeURIComponent('https://evil.test/x')}`,
    );
    expect(await screen.findByTestId('accounts-added')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Data Sources' })).toBeInTheDocument();
  });

  it('denied: says so and offers Try again, which starts the connection again', async () => {
    const requests = mockCallbackApi({
      'GET /api/auth/': {
        body: {
          authUri: 'https://connect.stripe.com/oauth',
          state: null,
          credentials: [],
          gdsRedirectUri: null,
          error: null,
        },
      },
    });
    renderApp('/data-sources/callback?status=denied&connector=17');
    expect(await screen.findByText('You cancelled the connection to Stripe')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Log in with Stripe' })).toHaveAttribute(
      'href',
      'https://connect.stripe.com/oauth',
    );
    expect(requests.find((r) => r.path === '/api/auth/')?.query.get('integration_type')).toBe('17');
  });

  it('error: toasts the reason and shows it', async () => {
    mockCallbackApi();
    renderApp('/data-sources/callback?status=error&connector=17&error=Stripe%20is%20down');
    expect(await screen.findByTestId('result-error-message')).toHaveTextContent(
      'Could not make a connection: Stripe is down',
    );
    expect(toasts()).toEqual(['danger: Could not make a connection: Stripe is down']);
  });
});

describe('parseCallback', () => {
  const allowList = ['https://lookerstudio.google.com/'];
  const connected = (redirectUri: string) =>
    parseCallback(
      new URLSearchParams({ status: 'connected', connector: '1', redirectUri }),
      allowList,
    );

  it('follows only return addresses on the allow-list', () => {
    expect(connected(LOOKER)).toMatchObject({ redirectUri: LOOKER, accountsAdded: 0 });
    expect(connected('javascript:alert(1)')).toMatchObject({ redirectUri: null });
    expect(connected('https://evil.test/lookerstudio.google.com/')).toMatchObject({
      redirectUri: null,
    });
  });
  it('treats an unknown status as nothing to finish', () => {
    expect(parseCallback(new URLSearchParams('status=weird'), allowList)).toEqual({
      status: 'unknown',
    });
  });
});
