import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '../../test/mock-api.ts';
import { resetStores } from '../../test/reset-stores.ts';
import { entry, holdRequests, mockTeamApi, openTeam } from './test/team-fixtures.ts';

const VIEW = { view_activity: true };
const ann = { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' };
const bob = { id: 'user-2', name: 'Bob Stone', email: 'bob@acme.test' };

/** Three pages of the log: ids 6..5, 4..3, 2..1 (newest first), whatever the filters. */
function pagedLog(req: RecordedRequest) {
  const start = Number(req.query.get('before') ?? '7') - 1;
  const ids = [start, start - 1].filter((id) => id > 0);
  const entries = ids.map((id) =>
    entry(
      String(id),
      id === 6
        ? {
            actor: bob,
            actingAdmin: { email: 'ops@platform.test' },
            action: 'role.create',
            summary: 'Created the role "Analyst, senior"',
          }
        : {},
    ),
  );
  return {
    body: { entries, nextBefore: ids.at(-1) === 1 ? null : String(ids.at(-1)), actors: [ann, bob] },
  };
}

const activityCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.endpoint === 'getActivity');

describe('Activity', () => {
  beforeEach(resetStores);

  it('is not offered without view_activity, even from the address', async () => {
    const requests = mockTeamApi({ manage_members: true });
    openTeam({ manage_members: true }, '/team?section=activity');
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(activityCalls(requests)).toHaveLength(0);
  });

  it('lists the log newest first and loads more (once per click) from where the page ended', async () => {
    const requests = mockTeamApi(VIEW, { getActivity: pagedLog });
    openTeam(VIEW, '/team?section=activity');
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('activity-row');
    const slow = holdRequests('getActivity');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(
      'Bob Stonevia ops@platform.testCreated a roleCreated the role "Analyst, senior"',
    );
    await user.dblClick(screen.getByRole('button', { name: 'Load more' }));
    expect(slow.sent()).toBe(1);
    slow.release();

    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(4));
    expect(activityCalls(requests).at(-1)?.query.get('before')).toBe('5');
  });

  it('filters by person, action and dates, asking the server for just those', async () => {
    const requests = mockTeamApi(VIEW, { getActivity: pagedLog });
    openTeam(VIEW, '/team?section=activity');
    const user = userEvent.setup();
    await screen.findAllByTestId('activity-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Bob Stone');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Invited someone');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');

    await waitFor(() => {
      const query = activityCalls(requests).at(-1)?.query;
      expect(Object.fromEntries(query ?? [])).toEqual({
        actor: 'user-2',
        action: 'invitation.create',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '50',
      });
    });
  });

  it('dates the wrong way round are explained and not sent', async () => {
    const requests = mockTeamApi(VIEW, { getActivity: pagedLog });
    openTeam(VIEW, '/team?section=activity');
    const user = userEvent.setup();
    await screen.findAllByTestId('activity-row');
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    await user.type(screen.getByLabelText('To'), '2026-11-01');

    expect(await screen.findByTestId('activity-range-error')).toHaveTextContent(
      'The From date must be on or before the To date.',
    );
    expect(activityCalls(requests).some((r) => r.query.get('to') === '2026-11-01')).toBe(false);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('exports every page for the current filters as an escaped CSV', async () => {
    const requests = mockTeamApi(VIEW, { getActivity: pagedLog });
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:activity';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    openTeam(VIEW, '/team?section=activity');
    const user = userEvent.setup();
    await screen.findAllByTestId('activity-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Bob Stone');
    await waitFor(() => expect(activityCalls(requests).at(-1)?.query.get('actor')).toBe('user-2'));
    const before = activityCalls(requests).length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(files).toHaveLength(1));
    const exportCalls = activityCalls(requests).slice(before);
    expect(
      exportCalls.map((r) => [r.query.get('actor'), r.query.get('before'), r.query.get('limit')]),
    ).toEqual([
      ['user-2', null, '500'],
      ['user-2', '5', '500'],
      ['user-2', '3', '500'],
    ]);
    const text = await (files[0] as Blob).text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe('Time (UTC),Person,Acting admin,Action,Summary');
    expect(lines[1]).toMatch(
      /,Bob Stone <bob@acme.test>,ops@platform.test,Created a role,"Created the role ""Analyst, senior"""$/,
    );
    expect(
      within(screen.getByTestId('toast-region')).getByText('Exported 6 entries'),
    ).toBeInTheDocument();
  });
});
