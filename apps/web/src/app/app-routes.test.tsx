import { MESSAGES, SKINS } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitAppEvent } from '../lib/app-events.ts';
import { useAppStore, whenHydrated } from '../lib/app-store.ts';
import { useToastStore } from '../lib/toast-store.ts';
import { appConfig, sessionUser, teamInfo, teamUsersBody } from '../test/fixtures.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';

function mockSignedInApi(permissions: Record<string, boolean>) {
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: {} },
    getTeamInfo: { body: teamInfo(permissions) },
    getTeamUsers: { body: teamUsersBody() },
    logout: { body: { success: true } },
  });
}

function signIn(permissions: Record<string, boolean>) {
  useAppStore.getState().setUser(sessionUser(permissions));
}

describe('route guards and navigation', () => {
  beforeEach(async () => {
    await whenHydrated();
    useAppStore.getState().reset();
    useToastStore.setState({ toasts: [] });
  });

  it('sends a signed-out visitor of /billing to /login?nextUrl=Billing and remembers it', async () => {
    mockSignedInApi({});
    const app = renderApp('/billing');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(app.location()).toBe('/login?nextUrl=Billing'));
    expect(useAppStore.getState().nextUrl).toBe('Billing');
    expect(document.title).toBe('Log In | Megalytic Google Data Studio Connector');
    expect(document.body.className).toBe('');
  });

  it('sends a signed-in user without edit_billing from /billing to /login?nextUrl=Billing', async () => {
    mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    const app = renderApp('/billing');
    await screen.findByText(/Your role does not give access to Billing/);
    await waitFor(() => expect(app.location()).toBe('/login?nextUrl=Billing'));
    expect(screen.queryByRole('heading', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('opens Billing for a user with edit_billing, with the private body class and title', async () => {
    mockSignedInApi({ edit_billing: true });
    signIn({ edit_billing: true });
    const app = renderApp('/billing', { skin: SKINS.RAVEN_GDS });
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/billing'));
    expect(document.title).toBe('Billing | Raven Google Data Studio Connector');
    expect(document.body).toHaveClass('has-fixed-navbar');
  });

  it('shows Billing in the navigation only with edit_billing', async () => {
    mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    renderApp('/stats');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Team/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Data Sources/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Stats/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      SKINS.MEGALYTIC_GDS.supportUrl,
    );
    expect(within(nav).queryByRole('link', { name: /Billing/ })).not.toBeInTheDocument();
  });

  it('shows Billing in the navigation with edit_billing', async () => {
    mockSignedInApi({ edit_billing: true });
    signIn({ edit_billing: true });
    renderApp('/stats');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Billing/ })).toHaveAttribute('href', '/billing');
  });

  it('folds the sections into a Menu button that opens them, and closes on a choice or Escape', async () => {
    mockSignedInApi({ edit_billing: true });
    signIn({ edit_billing: true });
    const app = renderApp('/stats');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await userEvent.click(menu);
    await userEvent.click(within(nav).getByRole('link', { name: /Billing/ }));
    await waitFor(() => expect(app.location()).toBe('/billing'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends a signed-out visitor of / to the login page', async () => {
    mockSignedInApi({});
    const app = renderApp('/');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('redirects / to /team and a signed-in visitor of /login to /team', async () => {
    mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/team'));
    app.unmount();
    const again = renderApp('/login');
    await waitFor(() => expect(again.location()).toBe('/team'));
  });

  it('shows a friendly 404 for unknown paths', async () => {
    mockSignedInApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found | Megalytic Google Data Studio Connector');
  });

  it('logs out from the user menu: session ended, state cleared, back on /login', async () => {
    const requests = mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    const app = renderApp('/team');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /ann@acme.test/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));

    await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(requests.some((r) => r.endpoint === 'logout')).toBe(true);
    expect(useAppStore.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(app.queryClient.getQueryData(['team', 'info'])).toBeUndefined();
    expect(app.queryClient.getQueryData(['team', 'users'])).toBeUndefined();
  });

  it('goes to /logout once on an expired session, and shows the message only once', async () => {
    // The server words its 440 like the toast; no screen may echo it as an error state too.
    const expired = {
      status: 440,
      body: { error: { code: 'SESSION_EXPIRED', message: MESSAGES.loggedOutInactivity } },
    };
    const requests = mockApi({
      getConfig: { body: appConfig },
      getConnectorConfig: { body: {} },
      getTeamInfo: expired,
      getTeamUsers: expired,
      logout: { body: { success: true } },
    });
    // Counted as the page changes, not read at the end: on a loaded machine the toast may
    // have timed out by the time the redirect lands.
    let mostShown = 0;
    let shownInToasts = false;
    const countShown = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let shown = 0;
      while (walker.nextNode()) {
        // Verbatim, double space included.
        if (walker.currentNode.nodeValue?.includes(MESSAGES.loggedOutInactivity)) {
          shown++;
          if (walker.currentNode.parentElement?.closest('[data-testid="toast-region"]')) {
            shownInToasts = true;
          }
        }
      }
      mostShown = Math.max(mostShown, shown);
    };
    const observer = new MutationObserver(countShown);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    signIn({ edit_team: true });
    const app = renderApp('/team');

    await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(app.location()).toBe('/login'));
    observer.disconnect();
    expect(requests.filter((r) => r.endpoint === 'logout')).toHaveLength(1);
    expect(shownInToasts).toBe(true);
    expect(mostShown).toBe(1);
    emitAppEvent('apiLogout', { status: 401 });
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });

  it('pushes a pageview with path and title to the dataLayer on every route change', async () => {
    mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    delete window.dataLayer;
    renderApp('/team');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: /Stats/ }));

    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: 'pageview',
        page: '/stats',
        title: 'Stats | Megalytic Google Data Studio Connector',
      }),
    );
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'pageview', page: '/team' }),
    );
  });

  it('shows the chat widget in the signed-in layout of TapClicks only', async () => {
    mockSignedInApi({ edit_team: true });
    signIn({ edit_team: true });
    const tapclicks = renderApp('/team', { skin: SKINS.TAPCLICKS_GDS });
    expect(await screen.findByRole('link', { name: /Chat with us/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@tapclicks\.com/),
    );
    tapclicks.unmount();

    renderApp('/team', { skin: SKINS.MEGALYTIC_GDS });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /Chat with us/ })).not.toBeInTheDocument();
  });

  it('hides the navigation on callback screens and while signed out', async () => {
    mockSignedInApi({ edit_team: true });
    const signedOut = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Add Data Source' })).toBeInTheDocument();
    // The title is set by an effect after the route renders: wait for it, not for a tick.
    await waitFor(() =>
      expect(document.title).toBe('Add Data Source | Megalytic Google Data Studio Connector'),
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    signedOut.unmount();

    signIn({ edit_team: true });
    renderApp('/data-sources/callback');
    expect(
      await screen.findByRole('heading', { name: 'No connection result to show' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
