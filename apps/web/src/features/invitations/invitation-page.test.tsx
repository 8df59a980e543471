import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { useToastStore } from '../../lib/toast-store.ts';
import { profileUser, sessionUser, signedInRoutes, team, teamInfo } from '../../test/fixtures.ts';
import { INVITE_TOKEN, invitationInfo, viewer } from '../../test/invitation-fixtures.ts';
import { mockApi, type MockRoutes, type Reply } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';

const INVITE_PATH = `/invite/${INVITE_TOKEN}`;
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);

const MANAGE = { manage_data_sources: true };

function mockInvite(info: Reply<'getInvitationInfo'>, extra: MockRoutes = {}) {
  return mockApi({
    ...signedInRoutes({ body: teamInfo(MANAGE) }),
    getInvitationInfo: info,
    ...extra,
  });
}

describe('invitation page, signed out', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the team, inviter, role and invited email, and signs in carrying the token', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    useAppStore.getState().setNextUrl('Billing');
    const requests = mockInvite(
      { body: invitationInfo() },
      { login: { body: { authUri: 'https://idp.test/authorize' } } },
    );
    renderApp(INVITE_PATH);

    expect(await screen.findByTestId('invite-title')).toHaveTextContent(
      'Join Northwind Media on Megalytic',
    );
    expect(screen.getByText('Nora West')).toBeInTheDocument();
    expect(screen.getByTestId('invite-role')).toHaveTextContent('Admin');
    expect(screen.getByTestId('invite-email')).toHaveTextContent('ann@acme.test');
    const info = requests.find((r) => r.endpoint === 'getInvitationInfo');
    expect(info?.query.get('token')).toBe(INVITE_TOKEN);

    await userEvent.dblClick(screen.getByRole('button', { name: 'Sign in to join' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize'));
    const logins = requests.filter((r) => r.endpoint === 'login');
    expect(logins).toHaveLength(1);
    expect(new URLSearchParams(logins[0]?.body).get('invitation')).toBe(INVITE_TOKEN);
    expect(logins[0]?.query.has('nextUrl')).toBe(false);
    expect(useAppStore.getState().nextUrl).toBeNull();
  });

  it.each([
    ['expired', 'This invitation has expired', /Invitations work for 7 days. Ask Nora West/],
    ['revoked', 'This invitation was withdrawn', /Northwind Media cancelled it/],
    ['accepted', 'This invitation has already been used', /sign in to open Northwind Media/],
  ] as const)('a %s invitation says so and offers sign-in', async (status, title, text) => {
    const requests = mockInvite({ body: invitationInfo({ status }) });
    renderApp(INVITE_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId(`invite-${status}`)).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Sign in to join' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('an unknown link (404) reads as a link that does not work', async () => {
    mockInvite({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    renderApp(INVITE_PATH);
    expect(
      await screen.findByRole('heading', { name: 'This invitation link does not work' }),
    ).toBeInTheDocument();
  });

  it('a malformed token is not even asked about', async () => {
    const requests = mockInvite({ body: invitationInfo() });
    renderApp('/invite/short');
    expect(await screen.findByTestId('invite-unknown')).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'getInvitationInfo')).toBe(false);
  });

  it('a refusal that is not about the link offers to try again instead of calling it dead', async () => {
    let calls = 0;
    mockInvite(() => {
      calls += 1;
      return calls === 1
        ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many tries.' } } }
        : { body: invitationInfo() };
    });
    renderApp(INVITE_PATH);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByTestId('invite-load-error')).toHaveTextContent('Too many tries.');
    await userEvent.click(retry);
    expect(await screen.findByTestId('invite-title')).toBeInTheDocument();
  });
});

describe('invitation page, signed in', () => {
  beforeEach(async () => {
    await resetStores();
    useAppStore.getState().setUser(sessionUser(MANAGE));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('someone else is told whom it is for, and can log out and sign in again with it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    const requests = mockInvite(
      { body: invitationInfo({ viewer: viewer({ email: 'bob@acme.test', isInvitee: false }) }) },
      {
        logout: { body: { success: true } },
        login: { body: { authUri: 'https://idp.test/authorize' } },
      },
    );
    renderApp(INVITE_PATH);

    expect(await screen.findByTestId('invite-other-account')).toHaveTextContent(
      'This invitation is for ann@acme.test, but you are signed in as bob@acme.test',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Log out and sign in as ann@acme.test' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.test/authorize'));
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.endpoint);
    expect(posts).toEqual(['logout', 'login']);
    expect(new URLSearchParams(requests.at(-1)?.body).get('invitation')).toBe(INVITE_TOKEN);
    expect(useAppStore.getState().isLoggedIn).toBe(false);
  });

  it('says what accepting changes, then joins, reloads the profile and opens Team', async () => {
    let joined = false;
    const requests = mockInvite(
      { body: invitationInfo({ viewer: viewer({ credentialCount: 3 }) }) },
      {
        acceptInvitation: () => {
          joined = true;
          return { body: { success: true, teamName: 'Northwind Media' } };
        },
        getTeamInfo: () => ({
          body: joined
            ? teamInfo(MANAGE, {
                team: { ...team, id: 'team-2', name: 'Northwind Media' },
                user: { ...profileUser({ manage_members: true }), roleName: 'Admin' },
              })
            : teamInfo(MANAGE),
        }),
      },
    );
    const app = renderApp(INVITE_PATH);

    const changes = await screen.findByTestId('invite-changes');
    expect(changes).toHaveTextContent(
      'You move from Acme Agency to Northwind Media as Admin, and can no longer open Acme Agency.',
    );
    expect(changes).toHaveTextContent(
      'The 3 data-source logins you connected stay with Acme Agency and are handed to its longest-standing Super Admin',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    // Anything cached belongs to the old team and must not outlive the move.
    app.queryClient.setQueryData(['old-team', 'data'], 'Acme only');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Join Northwind Media' }));
    await waitFor(() => expect(app.location()).toBe('/team'));
    const accepts = requests.filter((r) => r.endpoint === 'acceptInvitation');
    expect(accepts).toHaveLength(1);
    expect(new URLSearchParams(accepts[0]?.body).get('token')).toBe(INVITE_TOKEN);
    const acceptedAt = requests.indexOf(accepts[0] as (typeof requests)[number]);
    expect(requests.slice(acceptedAt).some((r) => r.endpoint === 'getTeamInfo')).toBe(true);
    expect(useAppStore.getState().user).toMatchObject({
      roleName: 'Admin',
      permissions: { manage_members: true },
    });
    expect(app.queryClient.getQueryData(['old-team', 'data'])).toBeUndefined();
    expect(toasts()).toContain('success: You joined Northwind Media');
  });

  it('leaving a team nobody else can open needs an explicit tick', async () => {
    const requests = mockInvite(
      { body: invitationInfo({ viewer: viewer({ leavesEmptyTeam: true, credentialCount: 1 }) }) },
      {
        acceptInvitation: {
          status: 409,
          body: { error: { code: 'PLAN_LIMIT', message: 'Northwind Media has no free seat.' } },
        },
      },
    );
    renderApp(INVITE_PATH);

    expect(await screen.findByTestId('invite-empty-team')).toHaveTextContent(
      'You are the only member of Acme Agency. Nothing in it is deleted',
    );
    expect(screen.getByTestId('invite-changes')).toHaveTextContent(
      'The 1 data-source login you connected stay with Acme Agency, with their accounts.',
    );
    const join = screen.getByRole('button', { name: 'Join Northwind Media' });
    expect(join).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I understand that I leave Acme Agency/ }),
    );
    expect(join).toBeEnabled();
    await userEvent.click(join);

    expect(await screen.findByTestId('invite-accept-error')).toHaveTextContent(
      'You have not joined yet. Northwind Media has no free seat.',
    );
    expect(requests.filter((r) => r.endpoint === 'acceptInvitation')).toHaveLength(1);
  });

  it('a blocked move names the reason and cannot be accepted', async () => {
    mockInvite({
      body: invitationInfo({
        viewer: viewer({
          blockedReason:
            'You are the last Super Admin of Acme Agency: make someone else one first.',
        }),
      }),
    });
    renderApp(INVITE_PATH);
    expect(await screen.findByTestId('invite-blocked')).toHaveTextContent(
      'You are the last Super Admin of Acme Agency',
    );
    expect(screen.getByRole('button', { name: 'Join Northwind Media' })).toBeDisabled();
  });

  it('a member of the team is pointed to it', async () => {
    mockInvite({ body: invitationInfo({ viewer: viewer({ isMember: true }) }) });
    renderApp(INVITE_PATH);
    expect(await screen.findByTestId('invite-already-member')).toHaveTextContent(
      'You are already a member of Northwind Media.',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).not.toBeInTheDocument();
  });
});
