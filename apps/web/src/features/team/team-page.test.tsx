import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { team } from '../../test/fixtures.ts';
import type { Reply } from '../../test/mock-api.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { mockTeamApi as mockApiFor, openTeam as open } from './test/team-fixtures.ts';

function mockTeamApi(permissions: Record<string, boolean>, rename?: Reply<'updateTeamInfo'>) {
  return mockApiFor(permissions, rename ? { updateTeamInfo: rename } : {});
}

async function openTeam(permissions: Record<string, boolean>) {
  open(permissions);
  return screen.findByTestId('team-name');
}

describe('Team screen', () => {
  beforeEach(resetStores);

  it('shows the team, its created date, plan usage and members', async () => {
    mockTeamApi({});
    expect(await openTeam({})).toHaveTextContent('Acme Agency');
    expect(screen.getByTestId('team-created')).toHaveTextContent('Created Mar 14, 2026');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('Bob Stone')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(screen.getByTestId('plan-members')).toHaveTextContent('2 of 5');
    expect(screen.getByTestId('plan-accounts')).toHaveTextContent('20');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('the plan card links to Billing only for those who manage it', async () => {
    mockTeamApi({ edit_billing: true });
    await openTeam({ edit_billing: true });
    const hint = await screen.findByTestId('plan-billing-hint');
    expect(within(hint).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
  });

  it('the plan card says who changes the plan to everyone else', async () => {
    mockTeamApi({});
    await openTeam({});
    expect(await screen.findByTestId('plan-billing-hint')).toHaveTextContent(
      'made by whoever manages billing in your team',
    );
  });

  it('opens the section named in the address and keeps the choice there', async () => {
    mockTeamApi({});
    const app = open({}, '/team?section=roles');
    expect(await screen.findByRole('tab', { name: 'Roles' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findAllByTestId('role-row')).toHaveLength(3);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Members' }));
    expect(app.location()).toBe('/team');
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
  });

  it('offers no rename without edit_team', async () => {
    mockTeamApi({ manage_data_sources: true });
    await openTeam({ manage_data_sources: true });
    expect(screen.queryByRole('button', { name: 'Rename team' })).not.toBeInTheDocument();
  });

  it('shows a validation message beside the field and sends nothing', async () => {
    const requests = mockTeamApi({ edit_team: true }, () => ({ body: { team } }));
    await openTeam({ edit_team: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename team' }));
    const input = screen.getByRole('textbox', { name: 'Team name' });
    await user.clear(input);
    await user.type(input, '   {Enter}');

    expect(await screen.findByTestId('team-name-error')).toHaveTextContent('Team name is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Team name is required/);
    expect(requests.some((r) => r.endpoint === 'updateTeamInfo')).toBe(false);
  });

  it('shows the server validation message beside the field', async () => {
    mockTeamApi({ edit_team: true }, () => ({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'That name is taken', field: 'name' } },
    }));
    await openTeam({ edit_team: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename team' }));
    await user.type(screen.getByRole('textbox', { name: 'Team name' }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('team-name-error')).toHaveTextContent('That name is taken');
  });

  it('renames the team, shows the new name and a success toast', async () => {
    const requests = mockTeamApi({ edit_team: true }, (req) => ({
      body: { team: { ...team, name: new URLSearchParams(req.body).get('name') ?? '' } },
    }));
    await openTeam({ edit_team: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename team' }));
    const input = screen.getByRole('textbox', { name: 'Team name' });
    await user.clear(input);
    await user.type(input, 'Acme Digital{Enter}');

    expect(await screen.findByTestId('toast-region')).toHaveTextContent('Team name updated');
    expect(await screen.findByTestId('team-name')).toHaveTextContent('Acme Digital');
    const put = requests.find((r) => r.endpoint === 'updateTeamInfo');
    expect(put?.body).toBe('name=Acme+Digital');
  });

  it('Escape cancels the rename without saving', async () => {
    const requests = mockTeamApi({ edit_team: true }, () => ({ body: { team } }));
    await openTeam({ edit_team: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename team' }));
    await user.type(screen.getByRole('textbox', { name: 'Team name' }), ' changed{Escape}');

    expect(screen.getByTestId('team-name')).toHaveTextContent('Acme Agency');
    expect(requests.some((r) => r.endpoint === 'updateTeamInfo')).toBe(false);
  });

  it('shows an error state with a retry when members cannot be loaded', async () => {
    mockApiFor(
      {},
      {
        getTeamUsers: {
          status: 403,
          body: { error: { code: 'FORBIDDEN', message: 'You cannot see the members' } },
        },
      },
    );
    await openTeam({});
    expect(await screen.findByText('Members could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('You cannot see the members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
