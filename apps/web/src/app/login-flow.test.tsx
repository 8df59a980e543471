import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { appConfig, profileUser, team, teamInfo, teamUsersBody } from '../test/fixtures.ts';
import { mockApi, offContract, type MockRoutes } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

const common: MockRoutes = {
  getConfig: { body: appConfig },
  getConnectorConfig: { body: {} },
  getTeamInfo: { body: teamInfo({ edit_billing: true }) },
  getTeamUsers: { body: teamUsersBody() },
};

describe('sign-in', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the callback forwards the provider query, stores the user and opens the nextUrl screen', async () => {
    const requests = mockApi({
      ...common,
      loginCallback: {
        body: {
          success: true,
          user: profileUser({ edit_billing: true }),
          team,
          nextUrl: 'Billing',
          invitation: null,
        },
      },
    });
    useAppStore.getState().setNextUrl('Billing');
    const app = renderApp('/login/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp.test');

    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/billing'));
    const callback = requests.find((r) => r.endpoint === 'loginCallback');
    expect(Object.fromEntries(callback?.query ?? [])).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'https://idp.test',
    });
    expect(useAppStore.getState()).toMatchObject({ isLoggedIn: true, nextUrl: null });
    expect(useAppStore.getState().user?.email).toBe('ann@acme.test');
  });

  it('goes to /team when no nextUrl is known', async () => {
    mockApi({
      ...common,
      loginCallback: {
        body: {
          success: true,
          user: profileUser({ edit_billing: true }),
          team,
          nextUrl: null,
          invitation: null,
        },
      },
    });
    const app = renderApp('/login/callback?code=abc&state=xyz');
    await waitFor(() => expect(app.location()).toBe('/team'));
    expect(await screen.findByTestId('team-name')).toHaveTextContent('Acme Agency');
  });

  it('a failed callback returns to the login card with the reason, signed out', async () => {
    mockApi({
      ...common,
      loginCallback: {
        status: 400,
        body: { error: { code: 'LOGIN_FAILED', message: 'The sign-in link has expired.' } },
      },
    });
    const app = renderApp('/login/callback?code=old&state=used');

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in link has expired.');
    await waitFor(() => expect(app.location()).toMatch(/^\/login\?error=/));
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });

  it('an answer without success === true is a failure', async () => {
    mockApi({ ...common, loginCallback: offContract({ success: false }) });
    renderApp('/login/callback?code=abc&state=xyz');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be completed/);
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });

  it('the Sign in button asks for the provider address with the remembered nextUrl', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '?ref=partner-7' });
    const requests = mockApi({
      ...common,
      login: { body: { authUri: 'https://idp.test/authorize?x=1' } },
    });
    renderApp('/login?nextUrl=Stats');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize?x=1'));
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    expect(screen.getByText(/Redirecting to Google…/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Contact .+ support$/ })).toHaveAttribute(
      'href',
      'https://support.megalytic.com',
    );
    const login = requests.find((r) => r.endpoint === 'login');
    expect(login?.query.get('nextUrl')).toBe('Stats');
    expect(new URLSearchParams(login?.body).get('partnerKey')).toBe('partner-7');
  });

  it('tells demo users that the sandbox sign-in accepts any email', async () => {
    mockApi(common);
    renderApp('/login');
    expect(await screen.findByTestId('demo-note')).toHaveTextContent(/any email/);
  });
});
