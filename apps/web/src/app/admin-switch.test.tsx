import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../lib/app-store.ts';
import { useToastStore } from '../lib/toast-store.ts';
import { profileUser, sessionUser, signedInRoutes, team, teamInfo } from '../test/fixtures.ts';
import { mockApi, type EndpointName, type RecordedRequest, type Reply } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { resetStores } from '../test/reset-stores.ts';

const EXPIRED = 'Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
const MANAGE = { manage_data_sources: true };
const ADMIN = teamInfo(MANAGE, { admin: { platformAdmin: true, switch: null } });
const ACTING = teamInfo(MANAGE, {
  team: { ...team, id: 'team-9', name: 'Northwind Media' },
  user: { ...profileUser({ manage_data_sources: true }), email: 'sam@northwind.test' },
  admin: {
    platformAdmin: true,
    switch: { adminEmail: 'ann@acme.test', expiresAt: '2026-03-14T11:00:00.000Z' },
  },
});

function setSwitchCookies() {
  document.cookie = 'GDS_ADMIN_USER=sam%40northwind.test; Path=/';
  document.cookie = 'GDS_ADMIN_TEAM=team-9; Path=/';
}

/** The profile answers the admin until the switch (or its end) succeeds. */
function mockSwitchApi(switchReply: Reply<'userSwitch'>, startActing = false) {
  let acting = startActing;
  const requests = mockApi({
    ...signedInRoutes(() => ({ body: acting ? ACTING : ADMIN })),
    userSwitch: (req) => {
      const reply = typeof switchReply === 'function' ? switchReply(req) : switchReply;
      if ((reply.status ?? 200) === 200) acting = true;
      return reply;
    },
    endUserSwitch: () => {
      acting = false;
      return { body: { status: 'Success' } };
    },
  });
  return requests;
}

const calls = (requests: RecordedRequest[], endpoint: EndpointName) =>
  requests.filter((r) => r.endpoint === endpoint);

describe('admin user switch', () => {
  beforeEach(async () => {
    await resetStores();
    for (const name of ['GDS_ADMIN_USER', 'GDS_ADMIN_TEAM'])
      document.cookie = `${name}=; ${EXPIRED}`;
    useAppStore.getState().setUser(sessionUser(MANAGE));
  });

  it('on a navigation with both cookies: removes them, switches once, reloads and opens Team', async () => {
    const requests = mockSwitchApi({
      body: { status: 'Success', userData: ACTING.user },
    });
    const app = renderApp('/stats');
    await screen.findByTestId('user-menu');
    app.queryClient.setQueryData(['admin-only', 'data'], 'cached as the admin');

    setSwitchCookies();
    await app.router.navigate('/data-sources');
    await waitFor(() => expect(app.location()).toBe('/team'));

    const switches = calls(requests, 'userSwitch');
    expect(switches).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(switches[0]?.body))).toEqual({
      user: 'sam@northwind.test',
      teamId: 'team-9',
    });
    expect(document.cookie).not.toMatch(/GDS_ADMIN_\w+=[^;]/);
    expect(app.queryClient.getQueryData(['admin-only', 'data'])).toBeUndefined();
    await waitFor(() => expect(useAppStore.getState().user?.email).toBe('sam@northwind.test'));
    expect(await screen.findByTestId('switch-banner')).toHaveTextContent(
      'Acting as sam@northwind.test in Northwind Media',
    );

    await app.router.navigate('/stats');
    expect(calls(requests, 'userSwitch')).toHaveLength(1);
  });

  it('a failed switch is only logged: no redirect, no toast, nobody else stored', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = mockSwitchApi({
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'Only platform admins can switch.' } },
    });
    const app = renderApp('/stats');
    await screen.findByTestId('user-menu');

    setSwitchCookies();
    await app.router.navigate('/data-sources');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(calls(requests, 'userSwitch')).toHaveLength(1);
    expect(app.location()).toBe('/data-sources');
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(useAppStore.getState().user?.email).toBe('ann@acme.test');
    expect(document.cookie).not.toMatch(/GDS_ADMIN_\w+=[^;]/);
    expect(screen.queryByTestId('switch-banner')).not.toBeInTheDocument();
  });

  it('one cookie alone does not switch', async () => {
    const requests = mockSwitchApi({ body: { status: 'Success', userData: ACTING.user } });
    document.cookie = 'GDS_ADMIN_USER=sam%40northwind.test; Path=/';
    const app = renderApp('/stats');
    await screen.findByTestId('user-menu');
    await app.router.navigate('/data-sources');
    // The navigation's effects have run once the new screen is on the page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Sources' })).toBeVisible();
    expect(calls(requests, 'userSwitch')).toHaveLength(0);
  });

  it('every page shows who is acted as; Return to admin ends it and opens /admin', async () => {
    const requests = mockSwitchApi({ body: { status: 'Success', userData: ACTING.user } }, true);
    const app = renderApp('/data-sources');
    const banner = await screen.findByTestId('switch-banner');
    expect(banner).toHaveTextContent(
      /^Acting as sam@northwind\.test in Northwind Media · ends .+—Return to admin$/,
    );
    const before = calls(requests, 'getTeamInfo').length;

    await userEvent.click(screen.getByRole('button', { name: 'Return to admin' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(calls(requests, 'endUserSwitch')).toHaveLength(1);
    expect(calls(requests, 'getTeamInfo').length).toBeGreaterThan(before);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByTestId('switch-banner')).not.toBeInTheDocument();
    expect(useAppStore.getState().user?.email).toBe('ann@acme.test');
  });
});
