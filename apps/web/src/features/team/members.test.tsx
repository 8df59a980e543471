import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../lib/toast-store.ts';
import { ann, bob, teamUser, teamUsers, teamUsersBody } from '../../test/fixtures.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { holdRequests, mockTeamApi, openTeam } from './test/team-fixtures.ts';

const MANAGE = { manage_members: true };
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);
const rows = () => screen.findAllByTestId('member-row');
const carol = teamUser({ id: 'user-3', email: 'carol@acme.test', name: 'Carol Diaz' });

describe('Team members', () => {
  beforeEach(resetStores);

  it('lists members with relative last activity (exact time on hover) and meters the seats', async () => {
    mockTeamApi({}, { getTeamUsers: { body: teamUsersBody(teamUsers, 1) } });
    openTeam({});
    const [ann, bob] = await rows();
    const lastActive = within(ann as HTMLElement).getByTestId('member-last-active');
    expect(lastActive).toHaveTextContent('2 days ago');
    expect(lastActive).toHaveAttribute('title', expect.stringMatching(/\d{4}, \d+:\d\d [AP]M$/));
    expect(within(ann as HTMLElement).getByText('You')).toBeInTheDocument();
    expect(within(bob as HTMLElement).getByTestId('member-last-active')).toHaveTextContent('Never');
    expect(screen.getByTestId('seat-count')).toHaveTextContent('3 of 5 users');
    expect(screen.getByTestId('seat-meter')).toHaveTextContent('2 members · 1 pending invitation');
    expect(screen.queryByTestId('seats-full-hint')).not.toBeInTheDocument();
  });

  it('when every seat is taken, points to Billing only for those who manage it', async () => {
    const permissions = { ...MANAGE, edit_billing: true };
    mockTeamApi(permissions, { getTeamUsers: { body: teamUsersBody(teamUsers, 3) } });
    openTeam(permissions);
    const hint = await screen.findByTestId('seats-full-hint');
    expect(within(hint).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  it('without edit_billing a full team is told to ask someone who manages billing', async () => {
    mockTeamApi(MANAGE, { getTeamUsers: { body: teamUsersBody(teamUsers, 3) } });
    openTeam(MANAGE);
    const hint = await screen.findByTestId('seats-full-hint');
    expect(hint).toHaveTextContent('ask someone who manages billing');
    expect(within(hint).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a Member sees no Invite, no role select, no Remove, and invitations are never asked for', async () => {
    const requests = mockTeamApi({ manage_data_sources: true });
    openTeam({ manage_data_sources: true });
    const [, bob] = await rows();
    expect(within(bob as HTMLElement).getByText('Member')).toBeInTheDocument();
    expect(screen.queryByTestId('invite-member')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('remove-member')).not.toBeInTheDocument();
    expect(screen.getByTestId('leave-team')).toBeInTheDocument();
    expect(requests.some((r) => r.endpoint === 'getInvitations')).toBe(false);
  });

  it("changes a member's role in place, then refreshes members and roles", async () => {
    const requests = mockTeamApi(MANAGE, {
      updateTeamUser: {
        body: { user: { ...bob, roleId: 'role-admin', roleName: 'Admin' } },
      },
    });
    openTeam(MANAGE);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role of Bob Stone' });
    const usersBefore = requests.filter((r) => r.endpoint === 'getTeamUsers').length;
    await user.selectOptions(select, 'Admin');

    await waitFor(() => expect(toasts()).toContain('success: Bob Stone is now Admin'));
    const put = requests.find((r) => r.endpoint === 'updateTeamUser');
    expect(new URLSearchParams(put?.body)).toEqual(
      new URLSearchParams({ userId: 'user-2', roleId: 'role-admin' }),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.endpoint === 'getTeamUsers').length).toBe(usersBefore + 1),
    );
  });

  it('shows why a role change was refused and puts the old role back', async () => {
    mockTeamApi(MANAGE, {
      updateTeamUser: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'The team needs a Super Admin. Make someone else Super Admin first.',
          },
        },
      },
    });
    openTeam(MANAGE);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Role of Ann Lee' });
    await user.selectOptions(select, 'Member');

    expect(await screen.findByTestId('member-role-error')).toHaveTextContent(
      'The team needs a Super Admin. Make someone else Super Admin first.',
    );
    expect(select).toHaveValue('role-super');
    expect(select).toHaveAccessibleDescription(/needs a Super Admin/);
  });

  it('removing asks who takes over the logins (yourself by default) and removes once', async () => {
    const requests = mockTeamApi(MANAGE, {
      getTeamUsers: { body: teamUsersBody([...teamUsers, carol]) },
      removeTeamUser: { body: { success: true, credentialsTransferred: 3 } },
    });
    const slow = holdRequests('removeTeamUser');
    openTeam(MANAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Stone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Bob Stone?' });
    const heir = within(dialog).getByRole('combobox', {
      name: 'Who takes over their 3 data-source logins?',
    });
    expect(heir).toHaveDisplayValue('Ann Lee (you)');
    expect(within(heir).queryByText('Bob Stone')).not.toBeInTheDocument();
    await user.selectOptions(heir, 'Carol Diaz');
    const confirm = within(dialog).getByRole('button', { name: 'Remove member' });
    await user.dblClick(confirm);
    expect(confirm).toBeDisabled();
    expect(slow.sent()).toBe(1);
    slow.release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const deletes = requests.filter((r) => r.endpoint === 'removeTeamUser');
    expect(deletes).toHaveLength(1);
    expect(Object.fromEntries(deletes[0]?.query ?? [])).toEqual({
      id: 'user-2',
      transferTo: 'user-3',
    });
    expect(toasts()).toContain(
      'success: Bob Stone was removed from the team. Their 3 data-source logins now belong to Carol Diaz.',
    );
  });

  it('a member without logins is removed without a transfer, and a refusal stays in the dialog', async () => {
    const requests = mockTeamApi(MANAGE, {
      getTeamUsers: { body: teamUsersBody([ann, carol]) },
      removeTeamUser: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Carol is the last Super Admin.' } },
      },
    });
    openTeam(MANAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Carol Diaz' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Carol Diaz?' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));

    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent(
      'Carol is the last Super Admin.',
    );
    const remove = requests.find((r) => r.endpoint === 'removeTeamUser');
    expect(Object.fromEntries(remove?.query ?? [])).toEqual({ id: 'user-3' });
  });

  it('leaving the team says where your logins go, then signs out through /logout', async () => {
    const requests = mockTeamApi(
      {},
      {
        getTeamUsers: { body: teamUsersBody([{ ...ann, credentialCount: 1204 }, bob]) },
        leaveTeam: { body: { success: true } },
        logout: { body: { success: true } },
      },
    );
    const app = openTeam({});
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('leave-team'));
    const dialog = screen.getByRole('dialog', { name: 'Leave Acme Agency?' });
    expect(dialog).toHaveTextContent(
      'The 1,204 data-source logins you authorised stay with the team',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));

    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(requests.filter((r) => r.endpoint === 'leaveTeam')).toHaveLength(1);
    expect(requests.some((r) => r.endpoint === 'logout')).toBe(true);
  });

  it('the last Super Admin is told why they cannot leave and stays', async () => {
    const reason = 'You are the last Super Admin. Make someone else Super Admin before you leave.';
    mockTeamApi(
      {},
      {
        leaveTeam: {
          status: 409,
          body: { error: { code: 'CONFLICT', message: reason } },
        },
      },
    );
    const app = openTeam({});
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('leave-team'));
    const dialog = screen.getByRole('dialog', { name: 'Leave Acme Agency?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));

    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent(reason);
    expect(app.location()).toBe('/team');
  });
});
