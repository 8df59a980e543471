import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { useToastStore } from '../../../lib/toast-store.ts';
import { authStart, connectorConfig } from '../../../test/data-source-fixtures.ts';
import {
  appConfig,
  profileUser,
  sessionUser,
  team,
  teamInfo,
  teamUsersBody,
} from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';

const MANAGE = { manage_data_sources: true };
const LOOKER = 'https://lookerstudio.google.com/u/0/datasources/create?connectorId=abc';
const QUERY = `integration_type=11&redirectUri=${encodeURIComponent(LOOKER)}`;

function mockAuthApi(extra: MockRoutes) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(MANAGE) },
    getTeamUsers: { body: teamUsersBody([]) },
    ...extra,
  });
}

describe('/auth (add a data source from Looker Studio)', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('signed out: explains, signs in, and comes back to the same /auth query', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const requests = mockAuthApi({
      login: { body: { authUri: 'https://idp.test/authorize' } },
      loginCallback: {
        body: {
          success: true,
          user: profileUser(MANAGE),
          team,
          nextUrl: 'Auth',
          invitation: null,
        },
      },
      startConnection: authStart({ state: 'st-1' }),
    });
    const signedOut = renderApp(`/auth?${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Add Data Source' })).toBeInTheDocument();
    expect(
      await screen.findByText(/to connect CallRail to your Looker Studio/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize'));
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByText(/Redirecting to Google…/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Contact .+ support$/ })).toHaveAttribute(
      'href',
      'https://support.megalytic.com',
    );
    expect(requests.find((r) => r.endpoint === 'login')?.query.get('nextUrl')).toBe('Auth');
    expect(useAppStore.getState()).toMatchObject({ nextUrl: 'Auth', pendingAuth: QUERY });
    signedOut.unmount();

    const back = renderApp('/login/callback?code=abc&state=xyz');
    await waitFor(() => expect(back.location()).toBe(`/auth?${QUERY}`));
    expect(useAppStore.getState()).toMatchObject({
      isLoggedIn: true,
      nextUrl: null,
      pendingAuth: null,
    });
    expect(await screen.findByRole('heading', { name: 'Login to CallRail' })).toBeInTheDocument();
  });

  it('signed in with credentials of the connector: offers them, then another one', async () => {
    useAppStore.getState().setUser(sessionUser(MANAGE));
    const requests = mockAuthApi({
      startConnection: authStart({
        state: 'st-1',
        credentials: [
          { id: 'cred-1', name: 'Main office' },
          { id: 'cred-2', name: 'Branch' },
        ],
        gdsRedirectUri: LOOKER,
      }),
    });
    renderApp(`/auth?${QUERY}`);

    expect(
      await screen.findByText('You are currently logged in with 2 CallRail account(s)'),
    ).toBeInTheDocument();
    const list = within(screen.getByTestId('auth-credentials'));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Main office (cred-1)',
      'Branch (cred-2)',
    ]);
    expect(
      screen.getByRole('link', { name: 'Continue with this/these account(s)' }),
    ).toHaveAttribute('href', LOOKER);
    expect(screen.getByText('Or log-in with another account:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with CallRail' })).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toBeRequired();
    const start = requests.find((r) => r.endpoint === 'startConnection');
    expect(start?.query.get('integration_type')).toBe('11');
    expect(start?.query.get('redirectUri')).toBe(LOOKER);
    expect(start?.query.get('masterEmail')).toBe('ann@acme.test');
  });

  it('signed in without credentials: just the credential panel, headed Login to', async () => {
    useAppStore.getState().setUser(sessionUser(MANAGE));
    mockAuthApi({ startConnection: authStart({ state: 'st-1', gdsRedirectUri: LOOKER }) });
    renderApp(`/auth?${QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Login to CallRail' })).toBeInTheDocument();
    expect(screen.queryByText(/You are currently logged in/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with CallRail' })).toBeInTheDocument();
  });

  it('signed in, OAuth connector: the provider sign-in panel', async () => {
    useAppStore.getState().setUser(sessionUser(MANAGE));
    mockAuthApi({
      startConnection: authStart({ authUri: 'https://accounts.google.com/auth?s=1' }),
    });
    renderApp(`/auth?integration_type=1&redirectUri=${encodeURIComponent(LOOKER)}`);
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      'https://accounts.google.com/auth?s=1',
    );
  });

  it('a refused return address shows only that it is not allowed', async () => {
    useAppStore.getState().setUser(sessionUser(MANAGE));
    mockAuthApi({
      startConnection: {
        status: 400,
        body: {
          error: { code: 'VALIDATION_FAILED', message: 'not allowed', field: 'redirectUri' },
        },
      },
    });
    renderApp('/auth?integration_type=11&redirectUri=https%3A%2F%2Fevil.test%2F');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^This return address is not allowed$/,
    );
    expect(screen.queryByRole('button', { name: /Login with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
