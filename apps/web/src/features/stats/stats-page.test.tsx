import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '@gds/contract';
import type { ENDPOINTS } from '@gds/contract';
import { useAppStore } from '../../lib/app-store.ts';
import { sessionUser, signedInRoutes, teamInfo } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { resetStores } from '../../test/reset-stores.ts';

// jsdom has no canvas: the chart library is replaced by a recorder of what it was asked to draw.
const drawn = vi.hoisted(
  () => [] as Array<{ series: string[]; points: boolean[]; data: unknown[][] }>,
);
vi.mock('uplot', () => {
  function UPlot(
    this: object,
    opts: { series: Array<{ label?: string; points?: { show?: boolean } }> },
    data: unknown[][],
  ) {
    const series = opts.series.slice(1);
    drawn.push({
      series: series.map((s) => s.label ?? ''),
      points: series.map((s) => s.points?.show === true),
      data,
    });
    return { setSize: () => undefined, destroy: () => undefined };
  }
  UPlot.tzDate = (date: Date) => date;
  UPlot.paths = { bars: () => () => null };
  return { default: UPlot };
});

type Stats = ResponseOf<typeof ENDPOINTS.getStats>;

function statsBody(overrides: Partial<Stats> = {}): Stats {
  const days = ['2026-11-21', '2026-11-22', '2026-11-23'];
  return {
    range: { from: days[0]!, to: days[2]!, timeZone: 'UTC' },
    accounts: {
      used: 12,
      limit: 20,
      byConnector: [
        { connector: 'google-ads', connectorId: 3, name: 'Google Ads', accounts: 8 },
        { connector: 'google-analytics', connectorId: 1, name: 'Google Analytics', accounts: 4 },
      ],
      daily: days.map((date, i) => ({ date, used: 10 + i, limit: 20 })),
    },
    users: { used: 2, limit: 5, daily: days.map((date) => ({ date, used: 2, limit: 5 })) },
    dataRequests: {
      daily: days.map((date, i) => ({
        date,
        requests: i * 3,
        rows: i * 300,
        failures: i === 2 ? 1 : 0,
        medianDurationMs: i ? 420 : null,
        providerCalls: i,
        callsSaved: i * 2,
      })),
      keptSince: '2025-10-19',
      totals: {
        requests: 9,
        rows: 900,
        failures: 1,
        medianDurationMs: 420,
        providerCalls: 3,
        callsSaved: 6,
      },
    },
    failingAccounts: [
      {
        accountId: 'a1',
        name: 'Shop EU',
        connector: 'Google Ads',
        connectorId: 3,
        failures: 1,
        lastReason: 'Reconnect Google Ads in Data Sources',
        lastFailedAt: new Date().toISOString(),
      },
    ],
    providerQuota: [
      {
        accountId: 'ga1',
        name: 'Main property',
        connector: 'Google Analytics',
        connectorId: 1,
        standing: 'near',
        hours: [
          {
            hour: '2026-11-23T10:00:00.000Z',
            quota: 'tokens per hour',
            calls: 4,
            spent: 12,
            remaining: 20,
            usedPct: null,
          },
        ],
        days: [{ date: '2026-11-23', spent: 12, requests: 4 }],
        spentBy: [{ name: 'Ada Owner', requests: 4, spent: 12 }],
      },
    ],
    dataNotices: [
      {
        accountId: 'ga1',
        name: 'Main property',
        connector: 'Google Analytics',
        connectorId: 1,
        kind: 'sampled',
        message: 'Google Analytics sampled these figures from 25% of the events.',
        requests: 2,
        lastAt: new Date().toISOString(),
      },
    ],
    credentials: [
      {
        id: 'c1',
        connector: 'Google Ads',
        connectorId: 3,
        name: 'ads@agency.test',
        status: 'needs_reconnect',
        statusReason: 'The login was revoked',
        lastRefreshedAt: null,
        accounts: 8,
      },
    ],
    ...overrides,
  };
}

function open(permissions: Record<string, boolean>, body: Stats = statsBody()) {
  const api = mockApi({
    ...signedInRoutes({ body: teamInfo(permissions) }),
    getStats: { body },
  });
  useAppStore.getState().setUser(sessionUser(permissions));
  renderApp('/stats');
  return api;
}

describe('Stats screen', () => {
  beforeEach(async () => {
    await resetStores();
    drawn.length = 0;
  });

  it('draws every chart of a range from one request, in the skin’s colours', async () => {
    const api = open({ view_stats: true });
    await screen.findByTestId('stats-loaded');
    const calls = api.filter((r) => r.endpoint === 'getStats');
    expect(calls).toHaveLength(1);
    const query = calls[0]!.query;
    expect(query.get('timeZone')).toBeTruthy();
    // 30 days ending today by default.
    const from = Date.parse(query.get('from')!);
    const to = Date.parse(query.get('to')!);
    expect((to - from) / 86_400_000).toBe(29);
    expect(drawn.map((d) => d.series)).toEqual([
      ['Accounts', 'Limit'],
      ['Members', 'Limit'],
      ['Requests', 'Failures'],
    ]);
    // A short range marks each day on the lines (a lone value would not show); bars need none.
    expect(drawn.map((d) => d.points)).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect(screen.getByTestId('stats-accounts')).toHaveTextContent('12 of 20 now');
    expect(screen.getByTestId('stats-requests')).toHaveTextContent(
      '9 requests · 900 rows served · median 420 ms · 1 failed',
    );
    expect(screen.getByTestId('stats-provider-calls')).toHaveTextContent(
      '3 calls to your data sources · 6 calls saved.',
    );
    expect(within(screen.getByTestId('stats-connectors')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('stats-failing')).toHaveTextContent(
      'Reconnect Google Ads in Data Sources',
    );
    expect(screen.getByTestId('stats-credentials')).toHaveTextContent('Needs reconnecting');
    expect(screen.getByTestId('stats-credentials')).toHaveTextContent('Not refreshed yet');
    const quota = screen.getByTestId('stats-quota');
    expect(quota).toHaveTextContent('Near its limit');
    expect(quota).toHaveTextContent('10:00 UTC · tokens per hour: 12 spent in 4 calls, 20 left');
    expect(quota).toHaveTextContent('Ada Owner: 12 (4 requests)');
    expect(screen.getByTestId('stats-notices')).toHaveTextContent(
      'Sampled Google Analytics sampled these figures from 25% of the events.',
    );
  });

  it('shows each chart as a table with the same numbers', async () => {
    open({ view_stats: true });
    await screen.findByTestId('stats-loaded');
    const card = screen.getByTestId('stats-accounts');
    await userEvent.click(within(card).getByRole('button', { name: 'Table' }));
    const rows = within(card).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateAccountsLimit',
      '2026-11-211020',
      '2026-11-221120',
      '2026-11-231220',
    ]);
  });

  it('asks again for a new range and says what to do when nothing happened yet', async () => {
    const empty = statsBody({
      accounts: {
        used: 0,
        limit: 20,
        byConnector: [],
        daily: [{ date: '2026-11-23', used: 0, limit: 20 }],
      },
      dataRequests: {
        daily: [],
        keptSince: '2025-10-19',
        totals: {
          requests: 0,
          rows: 0,
          failures: 0,
          medianDurationMs: null,
          providerCalls: 0,
          callsSaved: 0,
        },
      },
      failingAccounts: [],
      providerQuota: [],
      dataNotices: [],
      credentials: [],
    });
    const api = open({ view_stats: true }, empty);
    await screen.findByTestId('stats-loaded');
    expect(screen.getAllByText('No accounts connected yet')).toHaveLength(2);
    expect(screen.getByText('No data requests in this range')).toBeInTheDocument();
    // Each table's card says why it has no rows instead of showing an empty table.
    const notes = {
      'stats-failing': 'No data request failed in this range.',
      'stats-quota': 'No data source stated a quota in this range.',
      'stats-notices': 'Every report in this range had exact figures.',
      'stats-credentials': 'No logins yet. Connect a data source.',
    };
    for (const [testId, note] of Object.entries(notes)) {
      const card = screen.getByTestId(testId);
      expect(card).toHaveTextContent(note);
      expect(within(card).queryByRole('table')).toBeNull();
    }
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await vi.waitFor(() => expect(api.filter((r) => r.endpoint === 'getStats')).toHaveLength(2));
    const last = api.filter((r) => r.endpoint === 'getStats').at(-1)!;
    expect(
      (Date.parse(last.query.get('to')!) - Date.parse(last.query.get('from')!)) / 86_400_000,
    ).toBe(6);
  });

  it('says when a range reaches back before the days whose requests are kept', async () => {
    const body = statsBody();
    open(
      { view_stats: true },
      { ...body, dataRequests: { ...body.dataRequests, keptSince: '2026-11-22' } },
    );
    const card = await screen.findByTestId('stats-requests');
    expect(within(card).getByRole('note')).toHaveTextContent(
      'Data requests before Nov 22, 2026 are no longer kept, so earlier days show none.',
    );
  });

  it('says nothing of kept days when the whole range is kept', async () => {
    open({ view_stats: true });
    const card = await screen.findByTestId('stats-requests');
    expect(within(card).queryByRole('note')).toBeNull();
  });

  it('a range wholly before the kept days says so instead of suggesting a first report', async () => {
    const body = statsBody();
    open(
      { view_stats: true },
      {
        ...body,
        dataRequests: {
          daily: [],
          keptSince: '2026-12-01',
          totals: {
            requests: 0,
            rows: 0,
            failures: 0,
            medianDurationMs: null,
            providerCalls: 0,
            callsSaved: 0,
          },
        },
      },
    );
    const card = await screen.findByTestId('stats-requests');
    expect(within(card).getByText('No data requests kept for this range')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Data requests before Dec 1, 2026 are no longer kept: choose a range that starts on or after that day.',
    );
  });

  it('tells a member without the permission whom to ask, and asks nothing', async () => {
    const api = open({});
    expect(await screen.findByText('Stats are not part of your role')).toBeInTheDocument();
    expect(api.filter((r) => r.endpoint === 'getStats')).toHaveLength(0);
  });
});
