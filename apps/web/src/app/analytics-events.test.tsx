import { SKINS, type ConnectionResult } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../lib/app-store.ts';
import {
  account,
  authStart,
  connectorConfig,
  groupedData,
  sampleGroups,
} from '../test/data-source-fixtures.ts';
import { mockTeamApi, openTeam } from '../features/team/test/team-fixtures.ts';
import {
  appConfig,
  bob,
  sessionUser,
  signedInRoutes,
  team,
  teamInfo,
  teamUsersBody,
} from '../test/fixtures.ts';
import { INVITE_TOKEN, invitationInfo, viewer } from '../test/invitation-fixtures.ts';
import { mockApi, type MockRoutes } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { resetStores } from '../test/reset-stores.ts';

const MANAGE = { manage_data_sources: true, edit_team: true };

function mockSignedInApi(extra: MockRoutes = {}) {
  useAppStore.getState().setUser(sessionUser(MANAGE));
  return mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(MANAGE) },
    getTeamUsers: { body: teamUsersBody() },
    getGroupedData: { body: groupedData(sampleGroups()) },
    ...extra,
  });
}

/** The 'GDS -' events pushed so far, in order. */
function gdsEvents(): unknown[] {
  return (window.dataLayer ?? []).filter((entry) =>
    String((entry as { event?: unknown }).event).startsWith('GDS -'),
  );
}

/** One event as GTM reads it: the name is both the trigger and the action. */
const event = (name: string, category: string, label: string) => ({
  event: name,
  eventCategory: category,
  eventAction: name,
  eventLabel: label,
});
const contactSupport = (label: string) => event('GDS - Contact Support', 'click', label);

// Links to other sites and mailto: must not make the test browser navigate anywhere; the
// app's click handlers still run.
function stayOnPage(click: MouseEvent) {
  if ((click.target as Element).closest('a[href^="http"], a[href^="mailto:"]')) {
    click.preventDefault();
  }
}

beforeEach(async () => {
  await resetStores();
  delete window.dataLayer;
  window.addEventListener('click', stayOnPage, true);
});
afterEach(() => {
  window.removeEventListener('click', stayOnPage, true);
  vi.unstubAllGlobals();
});

describe('Contact Support events', () => {
  it('fire from the user menu: Help & FAQ and Email support', async () => {
    mockSignedInApi();
    renderApp('/team', { skin: SKINS.RAVEN_GDS });
    const user = userEvent.setup();

    await user.click(await screen.findByTestId('user-menu'));
    const faq = screen.getByRole('menuitem', { name: /Help & FAQ/ });
    expect(faq).toHaveAttribute('href', 'https://raventools.com/support/faq');
    expect(faq).toHaveAttribute('target', '_blank');
    await user.click(faq);
    expect(gdsEvents()).toEqual([contactSupport('faq')]);

    await user.click(screen.getByTestId('user-menu'));
    const email = screen.getByRole('menuitem', { name: 'Email support' });
    expect(email).toHaveAttribute('href', expect.stringMatching(/^mailto:support@raventools\.com/));
    await user.click(email);
    expect(gdsEvents()).toEqual([contactSupport('faq'), contactSupport('support email')]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('fire from the top navigation Support link and the chat launcher', async () => {
    mockSignedInApi();
    renderApp('/team', { skin: SKINS.TAPCLICKS_GDS });
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: /Support/ }));
    await user.click(await screen.findByRole('link', { name: /Chat with us/ }));
    expect(gdsEvents()).toEqual([contactSupport('support site'), contactSupport('chat')]);
  });

  it('fire from the login card: FAQ, support site and support email', async () => {
    mockApi({ getConfig: { body: appConfig } });
    renderApp('/login', { skin: SKINS.TAPCLICKS_GDS });
    const user = userEvent.setup();
    const help = await screen.findByTestId('support-links');
    await user.click(within(help).getByRole('link', { name: 'Read the FAQ' }));
    await user.click(within(help).getByRole('link', { name: 'Contact TapClicks support' }));
    await user.click(within(help).getByRole('link', { name: 'support@tapclicks.com' }));
    expect(gdsEvents()).toEqual([
      contactSupport('faq'),
      contactSupport('support site'),
      contactSupport('support email'),
    ]);
  });

  it('fire from the help under an error state', async () => {
    mockSignedInApi({
      getTeamUsers: { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderApp('/team');
    await screen.findByRole('heading', { name: 'Members could not be loaded' });
    const help = screen.getByTestId('support-links');
    await userEvent.click(within(help).getByRole('link', { name: 'support@megalytic.com' }));
    expect(gdsEvents()).toEqual([contactSupport('support email')]);
  });
});

describe('connector and account events', () => {
  it('picking a connector is Connector Select; closing its credential panel is Connector Deselect', async () => {
    mockSignedInApi({ startConnection: authStart({ state: 'st-1' }) });
    renderApp('/data-sources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add data source' }));
    const gallery = screen.getByRole('dialog', { name: 'Add data source' });
    await user.click(await within(gallery).findByTestId('connector-tile-callrail'));
    expect(gdsEvents()).toEqual([event('GDS - Connector Select', 'click', 'callrail')]);

    await screen.findByRole('dialog', { name: 'Login to CallRail' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gdsEvents()).toEqual([
      event('GDS - Connector Select', 'click', 'callrail'),
      event('GDS - Connector Deselect', 'click', 'callrail'),
    ]);
  });

  it('a credential form that connects is Accounts Changed, not a deselect', async () => {
    mockSignedInApi({
      startConnection: authStart({ state: 'st-1' }),
      submitFormLogin: {
        body: {
          success: true,
          redirectUri: null,
          credential: { id: 'cred-9', name: 'CallRail 2' },
          accountsAdded: 2,
          accountsSkipped: 0,
          error: null,
        },
      },
    });
    renderApp('/data-sources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add data source' }));
    const gallery = screen.getByRole('dialog', { name: 'Add data source' });
    await user.click(await within(gallery).findByTestId('connector-tile-callrail'));
    const dialog = await screen.findByRole('dialog', { name: 'Login to CallRail' });
    await user.type(within(dialog).getByLabelText('API key'), 'demo-key');
    await user.type(within(dialog).getByLabelText('Account ID'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Login with CallRail' }));

    await waitFor(() =>
      expect(gdsEvents()).toEqual([
        event('GDS - Connector Select', 'click', 'callrail'),
        event('GDS - Accounts Changed', 'click', 'added'),
      ]),
    );
  });

  it('opening /auth for a connector is Connector Select', async () => {
    mockSignedInApi({ startConnection: authStart({ state: 'st-1' }) });
    renderApp('/auth?integration_type=11&redirectUri=https%3A%2F%2Flookerstudio.google.com%2Fx');
    await screen.findByRole('button', { name: 'Login with CallRail' });
    expect(gdsEvents()).toEqual([event('GDS - Connector Select', 'click', 'callrail')]);
  });

  it('a connection finished at the provider is Accounts Changed', async () => {
    const confirmed: ConnectionResult = {
      status: 'connected',
      connector: 1,
      credentialName: 'ana@agency.com',
      accountsAdded: 3,
      accountsSkipped: 0,
      redirectUri: null,
      error: null,
    };
    // The page shows (and counts) only what the server confirms for this session's result id.
    mockSignedInApi({ getConnectionResult: { body: confirmed } });
    renderApp('/data-sources/callback?id=result-1');
    await screen.findByTestId('accounts-added');
    expect(gdsEvents()).toEqual([event('GDS - Accounts Changed', 'click', 'added')]);
  });

  it('deleting and restoring an account are Accounts Changed', async () => {
    const deleted = account({ id: 'a2', name: 'Acme Shop', status: 'deleted' });
    const restored = account({ id: 'a4', name: 'Old Calls' });
    mockSignedInApi({
      deleteAccount: { body: { account: deleted } },
      restoreAccount: { body: { account: restored } },
    });
    renderApp('/data-sources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme Shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() =>
      expect(gdsEvents()).toEqual([event('GDS - Accounts Changed', 'click', 'deleted')]),
    );

    await user.click(screen.getByTestId('tab-deleted'));
    await user.click(await screen.findByRole('button', { name: 'Restore Old Calls' }));
    await waitFor(() =>
      expect(gdsEvents()).toEqual([
        event('GDS - Accounts Changed', 'click', 'deleted'),
        event('GDS - Accounts Changed', 'click', 'restored'),
      ]),
    );
  });
});

describe('Users Changed events', () => {
  const MEMBERS = { manage_members: true };
  const usersChanged = (label: string) => event('GDS - Users Changed', 'click', label);

  it("changing a member's role and removing a member, once the server confirmed each", async () => {
    mockTeamApi(MEMBERS, {
      updateTeamUser: { body: { user: { ...bob, roleId: 'role-admin', roleName: 'Admin' } } },
      removeTeamUser: { body: { success: true, credentialsTransferred: 3 } },
    });
    openTeam(MEMBERS);
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Bob Stone' }),
      'Admin',
    );
    await waitFor(() => expect(gdsEvents()).toEqual([usersChanged('role changed')]));

    await user.click(screen.getByRole('button', { name: 'Remove Bob Stone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Bob Stone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() =>
      expect(gdsEvents()).toEqual([usersChanged('role changed'), usersChanged('removed')]),
    );
  });

  it('a refused role change is no change', async () => {
    mockTeamApi(MEMBERS, {
      updateTeamUser: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'The team needs a Super Admin.' } },
      },
    });
    openTeam(MEMBERS);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Ann Lee' }),
      'Member',
    );
    await screen.findByTestId('member-role-error');
    expect(gdsEvents()).toEqual([]);
  });

  it('accepting an invitation on its page is a join', async () => {
    mockSignedInApi({
      getInvitationInfo: { body: invitationInfo({ viewer: viewer() }) },
      acceptInvitation: { body: { success: true, teamName: 'Northwind Media' } },
    });
    const app = renderApp(`/invite/${INVITE_TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Northwind Media' }));
    await waitFor(() => expect(app.location()).toBe('/team'));
    expect(gdsEvents()).toEqual([usersChanged('joined')]);
  });

  it.each([
    ['joined', [usersChanged('joined')]],
    ['confirm', []],
  ] as const)('a sign-in that carried an invitation (%s)', async (outcome, events) => {
    mockApi({
      ...signedInRoutes({ body: teamInfo(MANAGE) }),
      loginCallback: {
        body: {
          success: true,
          user: teamInfo(MANAGE).user,
          team,
          nextUrl: null,
          invitation: { outcome, token: INVITE_TOKEN, teamName: 'Northwind Media' },
        },
      },
      getInvitationInfo: { body: invitationInfo({ viewer: viewer() }) },
    });
    const app = renderApp('/login/callback?code=abc&state=xyz');
    await waitFor(() => expect(app.location()).not.toMatch(/^\/login/));
    expect(gdsEvents()).toEqual(events);
  });
});
