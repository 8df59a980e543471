import { PERMISSIONS, type Role } from '@gds/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../lib/toast-store.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { mockTeamApi, openTeam, roles, rolesBody } from './test/team-fixtures.ts';

const MANAGE = { manage_roles: true };
const NONE = Object.fromEntries(PERMISSIONS.map((name) => [name, false])) as Role['permissions'];
const toasts = () => useToastStore.getState().toasts.map((t) => `${t.tone}: ${t.message}`);
const analyst: Role = {
  id: 'role-analyst',
  name: 'Analyst',
  builtIn: false,
  editable: true,
  permissions: { ...NONE, view_stats: true },
  memberCount: 0,
};

async function openRoles(permissions: Record<string, boolean>) {
  openTeam(permissions, '/team?section=roles');
  return screen.findAllByTestId('role-row');
}

describe('Roles', () => {
  beforeEach(resetStores);

  it('everyone sees the roles, their member counts and permissions; Super Admin is built in', async () => {
    mockTeamApi({});
    const [superAdmin, admin, member] = await openRoles({});
    expect(superAdmin).toHaveTextContent('Super AdminBuilt-in1Every permission, always');
    expect(within(admin as HTMLElement).getByTestId('role-members')).toHaveTextContent('0');
    const allows = within(member as HTMLElement).getByRole('list', { name: 'What Member may do' });
    expect(
      within(allows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Connect, delete and restore data sources', 'See usage stats']);
    expect(
      screen.getByText('Open the activity log of the team and export it as CSV.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('new-role')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-role')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-role')).not.toBeInTheDocument();
  });

  it('with manage_roles, Super Admin cannot be edited or deleted; Admin is edited, not deleted', async () => {
    mockTeamApi(MANAGE, { getRoles: { body: rolesBody([...roles, analyst]) } });
    const [superAdmin, admin, , custom] = await openRoles(MANAGE);
    expect(within(superAdmin as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(superAdmin as HTMLElement).getByRole('img', { name: 'Super Admin cannot be changed' }),
    ).toBeInTheDocument();
    expect(
      within(admin as HTMLElement).getByRole('button', { name: 'Edit Admin' }),
    ).toBeInTheDocument();
    expect(
      within(admin as HTMLElement).queryByRole('button', { name: 'Delete Admin' }),
    ).not.toBeInTheDocument();
    expect(
      within(custom as HTMLElement).getByRole('button', { name: 'Delete Analyst' }),
    ).toBeInTheDocument();
  });

  it('creates a role with a name and the chosen permissions', async () => {
    const requests = mockTeamApi(MANAGE, {
      createRole: {
        body: {
          role: { ...analyst, permissions: { ...NONE, view_stats: true, view_activity: true } },
        },
      },
    });
    await openRoles(MANAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Analyst ');
    const stats = within(dialog).getByRole('checkbox', { name: 'See usage stats' });
    expect(stats).toHaveAccessibleDescription(
      'Open the Stats screen: accounts, users and data requests over time.',
    );
    await user.click(stats);
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'See and export the activity log' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = requests.find((r) => r.endpoint === 'createRole');
    expect(new URLSearchParams(post?.body)).toEqual(
      new URLSearchParams({
        isEdit: 'false',
        name: 'Analyst',
        permissions: 'view_stats,view_activity',
      }),
    );
    expect(toasts()).toContain('success: Analyst was created');
  });

  it('names are checked beside the field, and a taken name from the server shows there too', async () => {
    const requests = mockTeamApi(MANAGE, {
      createRole: {
        status: 409,
        body: {
          error: { code: 'CONFLICT', message: 'A role named Admin exists already.', field: 'name' },
        },
      },
    });
    await openRoles(MANAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, '   {Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Role name is required'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(name, 'Admin{Enter}');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('A role named Admin exists already.'),
    );
  });

  it.each([
    [
      409,
      'CONFLICT',
      'Your team has 50 roles of its own, the most it can have. Delete a role nobody uses, or change an existing one, instead.',
    ],
    [
      429,
      'RATE_LIMITED',
      'Your team has created, changed or deleted the most roles allowed in an hour. Please try again later.',
    ],
  ])(
    'a %i refusal (the cap, the hourly limit) shows its message in the dialog, kept open',
    async (status, code, message) => {
      mockTeamApi(MANAGE, { createRole: { status, body: { error: { code, message } } } });
      await openRoles(MANAGE);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'New role' }));
      const dialog = screen.getByRole('dialog', { name: 'New role' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Analyst{Enter}');
      expect(await within(dialog).findByTestId('role-error')).toHaveTextContent(message);
      expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
    },
  );

  it('edits a role starting from its current permissions', async () => {
    const requests = mockTeamApi(MANAGE, {
      updateRole: { body: { role: roles[1] as Role } },
    });
    await openRoles(MANAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Admin');
    expect(within(dialog).getByRole('checkbox', { name: 'Rename the team' })).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Create and edit roles' }),
    ).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rename the team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = requests.find((r) => r.endpoint === 'updateRole');
    expect(new URLSearchParams(put?.body)).toEqual(
      new URLSearchParams({
        isEdit: 'true',
        id: 'role-admin',
        name: 'Admin',
        permissions: 'manage_members,manage_data_sources,view_stats,view_activity',
      }),
    );
  });

  it('deletes an unused role after confirming', async () => {
    const requests = mockTeamApi(MANAGE, {
      getRoles: { body: rolesBody([...roles, analyst]) },
      deleteRole: { body: { success: true } },
    });
    await openRoles(MANAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Analyst' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the Analyst role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));

    await waitFor(() => expect(toasts()).toContain('success: The Analyst role was deleted'));
    expect(requests.find((r) => r.endpoint === 'deleteRole')?.query.get('id')).toBe('role-analyst');
  });

  it('a role in use says its members must move first and offers no delete', async () => {
    const requests = mockTeamApi(MANAGE, {
      getRoles: { body: rolesBody([...roles, { ...analyst, memberCount: 2 }]) },
    });
    await openRoles(MANAGE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Analyst' }));
    const dialog = screen.getByRole('dialog', { name: 'Analyst is in use' });
    expect(within(dialog).getByTestId('role-in-use')).toHaveTextContent(
      '2 members have this role. Give each of them another role under Members first',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete role' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
