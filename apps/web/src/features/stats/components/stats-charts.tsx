import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConnectorBadge } from '../../../components/connector-badge.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ROUTES } from '../../../lib/routes.ts';
import { countOf, formatCount as n } from '../../../lib/counts.ts';
import { useSkin } from '../../../skins/skin-context.tsx';
import type { Stats } from '../api/stats.ts';
import { formatDay } from '../stats-range.ts';
import { ChartCard } from './chart-card.tsx';
import { TimeSeriesChart, type ChartSeries } from './time-series-chart.tsx';

/** Accounts or members per day against the plan's limit. */
export function UsageChart({
  id,
  title,
  noun,
  usage,
  fileName,
  empty,
}: {
  id: string;
  title: string;
  noun: string;
  usage: Stats['accounts'] | Stats['users'];
  fileName: string;
  empty?: ReactNode | undefined;
}) {
  const colors = useSkin().seriesColors;
  const days = useMemo(() => usage.daily.map((d) => d.date), [usage.daily]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: noun,
        values: usage.daily.map((d) => d.used),
        color: colors[0] ?? '#1272ba',
        style: 'line',
      },
      {
        label: 'Limit',
        values: usage.daily.map((d) => d.limit),
        color: colors[1] ?? '#f29f05',
        style: 'dashed',
      },
    ],
    [usage.daily, noun, colors],
  );
  return (
    <ChartCard
      id={id}
      title={title}
      description={`${n(usage.used)} of ${n(usage.limit)} now`}
      fileName={fileName}
      table={{
        columns: ['Date', noun, 'Limit'],
        rows: usage.daily.map((d) => [d.date, d.used, d.limit]),
      }}
      empty={empty}
    >
      <TimeSeriesChart
        days={days}
        series={series}
        summary={`${title}: ${n(usage.used)} of ${n(usage.limit)} now, ${days.length} days shown.`}
      />
    </ChartCard>
  );
}

/** Data requests from Looker Studio per day: requests and failures as bars. */
export function RequestsChart({
  requests,
  from,
  fileName,
}: {
  requests: Stats['dataRequests'];
  /** The range's first day: days before the log's first kept day show none, and say so. */
  from: string;
  fileName: string;
}) {
  const colors = useSkin().seriesColors;
  const days = useMemo(() => requests.daily.map((d) => d.date), [requests.daily]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Requests',
        values: requests.daily.map((d) => d.requests),
        color: colors[0] ?? '#1272ba',
        style: 'bars',
      },
      {
        label: 'Failures',
        values: requests.daily.map((d) => d.failures),
        color: colors[3] ?? '#e4572e',
        style: 'bars',
      },
    ],
    [requests.daily, colors],
  );
  const { totals } = requests;
  // Days before the log's first kept day show none: said, so no one reads them as idle days.
  const keptSince = from < requests.keptSince ? formatDay(requests.keptSince) : undefined;
  const empty = totals.requests === 0;
  return (
    <ChartCard
      id="stats-requests"
      title="Data requests"
      note={
        keptSince && !empty
          ? `Data requests before ${keptSince} are no longer kept, so earlier days show none.`
          : undefined
      }
      description={
        totals.requests > 0
          ? `${n(totals.requests)} requests · ${n(totals.rows)} rows served · median ${n(totals.medianDurationMs ?? 0)} ms · ${n(totals.failures)} failed`
          : undefined
      }
      fileName={fileName}
      table={{
        columns: [
          'Date',
          'Requests',
          'Rows served',
          'Failures',
          'Median duration (ms)',
          'Calls to data sources',
          'Calls saved',
        ],
        rows: requests.daily.map((d) => [
          d.date,
          d.requests,
          d.rows,
          d.failures,
          d.medianDurationMs,
          d.providerCalls,
          d.callsSaved,
        ]),
      }}
      footer={empty ? undefined : <ProviderCalls totals={totals} />}
      empty={
        empty && keptSince ? (
          <EmptyState icon="chart" title="No data requests kept for this range" headingLevel={3}>
            Data requests before {keptSince} are no longer kept: choose a range that starts on or
            after that day.
          </EmptyState>
        ) : empty ? (
          <EmptyState icon="chart" title="No data requests in this range" headingLevel={3}>
            Requests appear here when a Looker Studio report reads your data. Use “Open in Looker
            Studio” on <Link to={ROUTES.DataSources.path}>Data Sources</Link> to build one.
          </EmptyState>
        ) : undefined
      }
    >
      <TimeSeriesChart
        days={days}
        series={series}
        summary={`Data requests: ${n(totals.requests)} in ${days.length} days, ${n(totals.failures)} failed.`}
      />
    </ChartCard>
  );
}

/** The calls the range's requests cost at the data sources, and the calls they were spared. */
function ProviderCalls({ totals }: { totals: Stats['dataRequests']['totals'] }) {
  return (
    <p className="stats-card-description" data-testid="stats-provider-calls">
      {countOf(totals.providerCalls, 'call')} to your data sources ·{' '}
      {countOf(totals.callsSaved, 'call')} saved. A request is answered without calling the data
      source again when the same report was read in the last few minutes, or when another chart or
      viewer asked for it at the same moment.
    </p>
  );
}

/** What the account charts say before anything is connected. */
export function NoAccounts() {
  return (
    <EmptyState icon="plug" title="No accounts connected yet" headingLevel={3}>
      Connect a data source on <Link to={ROUTES.DataSources.path}>Data Sources</Link> to see your
      accounts here.
    </EmptyState>
  );
}

/** Accounts per data source now, as bars a screen reader reads as a list. */
export function ConnectorBars({
  byConnector,
  fileName,
}: {
  byConnector: Stats['accounts']['byConnector'];
  fileName: string;
}) {
  const colors = useSkin().seriesColors;
  const max = Math.max(1, ...byConnector.map((c) => c.accounts));
  return (
    <ChartCard
      id="stats-connectors"
      title="Accounts by data source"
      fileName={fileName}
      table={{
        columns: ['Data source', 'Accounts'],
        rows: byConnector.map((c) => [c.name, c.accounts]),
      }}
      empty={byConnector.length === 0 ? <NoAccounts /> : undefined}
    >
      <ul className="stats-bars">
        {byConnector.map((c, index) => (
          <li key={c.connector}>
            <span className="stats-bar-label stats-connector">
              <ConnectorBadge connector={{ id: c.connectorId, name: c.name }} size="sm" />
              {c.name}
            </span>
            <span className="stats-bar-track">
              <span
                className="stats-bar-fill"
                style={{
                  width: `${(c.accounts / max) * 100}%`,
                  background: colors[index % colors.length],
                }}
              />
            </span>
            <span className="stats-bar-value">{n(c.accounts)}</span>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
