import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { profileUser, sessionUser, signedInRoutes, team, teamInfo } from '../../test/fixtures.ts';
import { mockApi, offContract, type MockRoutes, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';
import { setAdminSwitchCookies, takeAdminSwitchCookies } from './admin-switch-cookies.ts';
import type { AdminTeam } from './api/search-teams.ts';

const MANAGE = { manage_data_sources: true };
const ADMIN = teamInfo(MANAGE, { admin: { platformAdmin: true, switch: null } });
const northwind: AdminTeam = {
  id: 'team-9',
  name: 'Northwind Media',
  businessUnit: 'MEGALYTIC_GDS',
  createdAt: '2026-01-05T10:00:00.000Z',
  members: [
    { id: 'u-1', email: 'nora@northwind.test', name: 'Nora West', roleName: 'Super Admin' },
    { id: 'u-2', email: 'sam@northwind.test', name: 'Sam Hill', roleName: 'Member' },
  ],
};

function clearCookies() {
  for (const name of ['GDS_ADMIN_USER', 'GDS_ADMIN_TEAM']) {
    document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

function mockAdminApi(profile: Reply<'getTeamInfo'>, extra: MockRoutes = {}) {
  return mockApi({ ...signedInRoutes(profile), ...extra });
}

describe('admin page', () => {
  beforeEach(async () => {
    await resetStores();
    clearCookies();
    useAppStore.getState().setUser(sessionUser(MANAGE));
  });

  it('is an ordinary "page not found" for anyone but a platform admin, with no menu item', async () => {
    const requests = mockAdminApi({ body: teamInfo(MANAGE) });
    renderApp('/admin');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    await userEvent.click(await screen.findByTestId('user-menu'));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'searchTeams')).toBe(false);
  });

  it('platform admins reach it from the user menu', async () => {
    mockAdminApi({ body: ADMIN });
    const app = renderApp('/team');
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Admin' }));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });

  it('searches by name or email (2 characters at least) and opens a team as a member', async () => {
    const requests = mockAdminApi(
      { body: ADMIN },
      {
        searchTeams: { body: { teams: [northwind] } },
        // The switch itself is covered elsewhere; here it only has to be asked for.
        userSwitch: {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'No such member' } },
        },
      },
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp('/admin');
    const box = await screen.findByRole('searchbox', { name: 'Team name or member email' });

    await userEvent.type(box, 'n{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type at least 2 characters');
    expect(requests.some((r) => r.endpoint === 'searchTeams')).toBe(false);

    await userEvent.type(box, 'orth{Enter}');
    const card = await screen.findByTestId('admin-team');
    expect(requests.find((r) => r.endpoint === 'searchTeams')?.query.get('q')).toBe('north');
    expect(within(card).getByRole('heading', { name: /Northwind Media/ })).toBeInTheDocument();
    expect(within(card).getAllByRole('row')).toHaveLength(3);

    await userEvent.dblClick(
      within(card).getByRole('button', { name: 'Open Northwind Media as sam@northwind.test' }),
    );
    await waitFor(() => expect(app.location()).toBe('/team'));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    // A double click asks for one switch, not one per click.
    const switches = requests.filter((r) => r.endpoint === 'userSwitch');
    expect(switches).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(switches[0]?.body))).toEqual({
      user: 'sam@northwind.test',
      teamId: 'team-9',
    });
  });

  it('says when nothing matches', async () => {
    mockAdminApi({ body: ADMIN }, { searchTeams: { body: { teams: [] } } });
    renderApp('/admin');
    await userEvent.type(
      await screen.findByRole('searchbox', { name: 'Team name or member email' }),
      'zebra{Enter}',
    );
    expect(await screen.findByTestId('admin-no-results')).toHaveTextContent(
      'No team matches “zebra”',
    );
  });
});

describe('admin switch cookies', () => {
  beforeEach(clearCookies);

  it('"Open as" writes both; taking them answers the pair once and removes them', () => {
    setAdminSwitchCookies({ user: 'sam+ads@northwind.test', teamId: 'team-9' });
    expect(document.cookie).toContain('GDS_ADMIN_USER=sam%2Bads%40northwind.test');
    expect(document.cookie).toContain('GDS_ADMIN_TEAM=team-9');
    expect(takeAdminSwitchCookies()).toEqual({ user: 'sam+ads@northwind.test', teamId: 'team-9' });
    // Removed: a browser drops them; at most an empty leftover remains, which means nothing.
    expect(document.cookie).not.toMatch(/GDS_ADMIN_\w+=[^;]/);
    expect(takeAdminSwitchCookies()).toBeNull();
  });

  it('one cookie alone means nothing and is left alone', () => {
    document.cookie = 'GDS_ADMIN_USER=sam@northwind.test; Path=/';
    expect(takeAdminSwitchCookies()).toBeNull();
    expect(document.cookie).toContain('GDS_ADMIN_USER=sam@northwind.test');
  });
});

// A server from before the admin switch answers the profile without the admin block: the
// contract reads it with the block defaulted, but the typed mock replies cannot write it.
it('a profile answered without the admin block is not a platform admin', async () => {
  await resetStores();
  useAppStore.getState().setUser(sessionUser({}));
  mockAdminApi(offContract({ team, user: profileUser({}) }));
  renderApp('/admin');
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
});
