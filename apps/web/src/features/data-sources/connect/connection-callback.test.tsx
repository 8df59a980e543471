import { DEFAULT_GDS_REDIRECT_ALLOWLIST } from '@gds/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, whenHydrated } from '../../../lib/app-store.ts';
import { useToastStore } from '../../../lib/toast-store.ts';
import { connectorConfig, groupedData } from '../../../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import type { ConnectionOutcome } from '../api/connection-result-query.ts';
import { AUTO_CONTINUE_MS } from './connection-connected.tsx';

const MANAGE = { manage_data_sources: true };
const LOOKER = 'https://lookerstudio.google.com/u/0/datasources/create';
const FORGED = 'https://script.google.com/macros/s/ANY/exec';

function outcome(overrides: Partial<ConnectionOutcome>): ConnectionOutcome {
  return {
    status: 'connected',
    connector: 1,
    credentialName: null,
    accountsAdded: 0,
    accountsSkipped: 0,
    redirectUri: null,
    error: null,
    ...overrides,
  };
}

/** The server knows the result id `stored` for this session; any other id is 404. */
function mockCallbackApi(stored: ConnectionOutcome, extra: MockRoutes = {}) {
  return mockApi({
    // The server's default allow-list, which holds every Apps Script address.
    getConfig: {
      body: {
        config: { ...appConfig.config, gdsRedirectAllowlist: [...DEFAULT_GDS_REDIRECT_ALLOWLIST] },
      },
    },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(MANAGE) },
    getGroupedData: { body: groupedData([]) },
    getConnectionResult: (req) =>
      req.query.get('id') === 'stored'
        ? { body: stored }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } },
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

  it('connected: asks the server for its id, toasts, sums up and returns to Data Sources', async () => {
    const requests = mockCallbackApi(
      outcome({ credentialName: 'marketing@acme.test', accountsAdded: 3 }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const app = renderApp('/data-sources/callback?id=stored');
    expect(await screen.findByTestId('accounts-added')).toHaveTextContent('3 accounts added');
    expect(screen.getByRole('heading', { name: 'Google Analytics connected' })).toBeInTheDocument();
    expect(screen.getByText('marketing@acme.test')).toBeInTheDocument();
    expect(toasts()).toEqual(['success: Your Google Analytics account was connected']);
    expect(requests.find((r) => r.endpoint === 'getConnectionResult')?.query.get('id')).toBe(
      'stored',
    );

    vi.advanceTimersByTime(AUTO_CONTINUE_MS);
    await waitFor(() => expect(app.location()).toBe('/data-sources'));
    expect(await screen.findByText('Connect your first data source')).toBeInTheDocument();
  });

  it('connected from a dashboard tool: Continue goes to the address the server stored', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockCallbackApi(
      outcome({ connector: 3, accountsAdded: 1, accountsSkipped: 2, redirectUri: LOOKER }),
    );
    // Whatever else the address says, only the server's answer counts.
    renderApp(`/data-sources/callback?id=stored&redirectUri=${encodeURIComponent(FORGED)}`);
    expect(await screen.findByTestId('accounts-added')).toHaveTextContent('1 account added');
    expect(screen.getByTestId('accounts-skipped')).toHaveTextContent(
      /2 accounts were not added because your plan's account limit was reached/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(assign).toHaveBeenCalledWith(LOOKER);
    expect(assign).not.toHaveBeenCalledWith(FORGED);
  });

  it.each([
    [
      'a forged query without an id',
      `status=connected&connector=1&credentialName=x&accountsAdded=3&redirectUri=${encodeURIComponent(FORGED)}`,
    ],
    [
      'an id the server does not know for this session',
      `id=someone-elses&status=connected&redirectUri=${encodeURIComponent(FORGED)}`,
    ],
  ])('%s shows no success and never leaves the page', async (_name, query) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockCallbackApi(outcome({ redirectUri: FORGED }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const app = renderApp(`/data-sources/callback?${query}`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(toasts()).toEqual([]);
    expect(heading).toHaveTextContent('No connection result to show');
    vi.advanceTimersByTime(AUTO_CONTINUE_MS * 2);
    expect(assign).not.toHaveBeenCalled();
    expect(app.location()).toBe(`/data-sources/callback?${query}`);
    expect(screen.getByRole('link', { name: 'Go to Data Sources' })).toHaveAttribute(
      'href',
      '/data-sources',
    );
  });

  it('signed out: the server refuses (401) and the page has nothing to show', async () => {
    useAppStore.getState().reset();
    mockCallbackApi(outcome({}), {
      getConnectionResult: {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } },
      },
    });
    renderApp('/data-sources/callback?id=stored');
    expect(await screen.findByTestId('result-none')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('the server cannot be reached: says so and Try again asks again', async () => {
    let calls = 0;
    mockCallbackApi(outcome({}), {
      getConnectionResult: () => {
        calls += 1;
        return calls <= 3
          ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down.' } } }
          : { body: outcome({ accountsAdded: 2 }) };
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderApp('/data-sources/callback?id=stored');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByTestId('result-unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('accounts-added')).toHaveTextContent('2 accounts added');
  });

  it('denied: says so and Try again starts the connection again with the stored address', async () => {
    const requests = mockCallbackApi(
      outcome({ status: 'denied', connector: 17, redirectUri: LOOKER }),
      {
        startConnection: {
          body: {
            authUri: 'https://connect.stripe.com/oauth',
            state: null,
            credentials: [],
            gdsRedirectUri: LOOKER,
            error: null,
          },
        },
      },
    );
    renderApp('/data-sources/callback?id=stored');
    expect(await screen.findByText('You cancelled the connection to Stripe')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Log in with Stripe' })).toHaveAttribute(
      'href',
      'https://connect.stripe.com/oauth',
    );
    const start = requests.find((r) => r.endpoint === 'startConnection')?.query;
    expect(start?.get('integration_type')).toBe('17');
    expect(start?.get('redirectUri')).toBe(LOOKER);
  });

  it('error: toasts the reason and shows it', async () => {
    mockCallbackApi(outcome({ status: 'error', connector: 17, error: 'Stripe is down' }));
    renderApp('/data-sources/callback?id=stored');
    expect(await screen.findByTestId('result-error-message')).toHaveTextContent(
      'Could not make a connection: Stripe is down',
    );
    expect(toasts()).toEqual(['danger: Could not make a connection: Stripe is down']);
  });
});
