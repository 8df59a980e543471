import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENDPOINTS } from '@gds/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { connectorConfig, groupedData, sampleGroups } from '../../../test/data-source-fixtures.ts';
import { appConfig, sessionUser, teamInfo } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { resetStores } from '../../../test/reset-stores.ts';
import type { AccountFlags } from '../api/account-flags-query.ts';
import { groupedDataQueryOptions } from '../api/grouped-data-query.ts';

const IN_HALF_AN_HOUR = new Date(Date.now() + 30 * 60_000).toISOString();
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();

const FLAGS: AccountFlags[] = [
  {
    accountId: 'a1',
    quota: { standing: 'near', quota: 'tokens per hour', resumesAt: null },
    notices: [],
  },
  {
    accountId: 'a2',
    quota: { standing: 'over', quota: 'tokens per day', resumesAt: IN_HALF_AN_HOUR },
    notices: [
      { kind: 'sampled', requests: 3, lastAt: YESTERDAY },
      { kind: 'thresholded', requests: 1, lastAt: YESTERDAY },
      { kind: 'other_row', requests: 2, lastAt: YESTERDAY },
    ],
  },
];

function open(permissions: Record<string, boolean>, flags: () => AccountFlags[] = () => FLAGS) {
  const requests = mockApi({
    getConfig: { body: appConfig },
    getConnectorConfig: { body: connectorConfig() },
    getTeamInfo: { body: teamInfo(permissions) },
    getGroupedData: { body: groupedData(sampleGroups()) },
    getAccountFlags: () => ({ body: { accounts: flags() } }),
  });
  useAppStore.getState().setUser(sessionUser(permissions));
  const app = renderApp('/data-sources');
  return { app, requests };
}

const rowOf = (accountId: string) => {
  const row = screen
    .getAllByTestId('account-row')
    .find((r) => r.getAttribute('data-account-id') === accountId);
  if (!row) throw new Error(`no row for ${accountId}`);
  return within(row);
};

describe('Data Sources account flags', () => {
  beforeEach(resetStores);

  it('shows quota and notice badges on the account rows, each saying what it means and what to do', async () => {
    open({ view_stats: true });
    const near = await screen.findByRole('button', { name: 'Near quota' });
    expect(rowOf('a1').getByTestId('account-quota-flag')).toBe(near);
    expect(near).toHaveAccessibleDescription(/80% or more of this account's tokens per hour/);
    expect(near).toHaveAccessibleDescription(/shorten date ranges/);

    const usedUp = rowOf('a2').getByTestId('account-quota-flag');
    expect(usedUp).toHaveTextContent(/^Quota used up — resumes at \d{1,2}:\d{2} [AP]M$/);
    expect(usedUp).toHaveAccessibleDescription(
      /tokens per day .* is used up\. Its reports wait until/,
    );
    expect(
      rowOf('a2')
        .getAllByTestId('account-notice-flag')
        .map((b) => b.textContent),
    ).toEqual(['Sampled', 'Thresholded', '(other) rows']);
    expect(rowOf('a2').getByRole('button', { name: 'Sampled' })).toHaveAccessibleDescription(
      /In the last 7 days, 3 reports showed figures the data source computed from part of its data/,
    );
    expect(rowOf('a2').getByRole('button', { name: 'Thresholded' })).toHaveAccessibleDescription(
      /held back rows with few users from 1 report/,
    );
    expect(
      rowOf('a2').getByRole('link', { name: 'Quota and notices of Acme Shop in Stats' }),
    ).toHaveAttribute('href', '/stats');
    // An account with nothing to flag has no badges.
    expect(rowOf('a3').queryByTestId('account-flags')).toBeNull();
  });

  it('opens the tip on a tap and closes it with Escape', async () => {
    open({});
    const near = await screen.findByRole('button', { name: 'Near quota' });
    const tip = document.getElementById(near.getAttribute('aria-describedby') ?? '');
    expect(tip).not.toBeVisible();
    const user = userEvent.setup();
    await user.click(near);
    expect(tip).toBeVisible();
    expect(screen.getByRole('tooltip')).toHaveTextContent(/reports wait until it refreshes/);
    await user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();
    // Without Stats access there is no link to it.
    expect(rowOf('a1').queryByRole('link')).toBeNull();
  });

  it('asks for the flags after the list, and again whenever the list is read again', async () => {
    let flags = FLAGS;
    const { app, requests } = open({}, () => flags);
    await screen.findByRole('button', { name: 'Near quota' });
    const asked = () => requests.map((r) => r.endpoint);
    expect(asked().indexOf('getGroupedData')).toBeLessThan(asked().indexOf('getAccountFlags'));

    flags = [];
    await app.queryClient.invalidateQueries({ queryKey: groupedDataQueryOptions.queryKey });
    await waitFor(() => expect(screen.queryByTestId('account-flags')).toBeNull());
    expect(asked().filter((name) => name === ENDPOINTS.getAccountFlags.name)).toHaveLength(2);
  });
});
