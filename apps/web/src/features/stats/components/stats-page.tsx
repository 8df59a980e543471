import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useStats } from '../api/stats.ts';
import { browserTimeZone, presetRange, RANGE_PRESETS, type StatsRange } from '../stats-range.ts';
import { RangePicker, type RangeChoice } from './range-picker.tsx';
import { ConnectorBars, NoAccounts, RequestsChart, UsageChart } from './stats-charts.tsx';
import { FailingAccounts, CredentialRefreshes } from './stats-tables.tsx';
import { DataNotices, ProviderQuota } from './quota-tables.tsx';

function rangeOf(choice: RangeChoice, timeZone: string): StatsRange {
  if (choice.preset === 'custom') return { from: choice.from, to: choice.to, timeZone };
  const preset = RANGE_PRESETS.find((p) => p.id === choice.preset) ?? RANGE_PRESETS[1];
  return presetRange(preset.days, new Date(), timeZone);
}

/** The team's usage over a range: accounts, members, data requests, failures, credentials. */
export function StatsPage() {
  const canView = useCan(['view_stats']);
  const [choice, setChoice] = useState<RangeChoice>({ preset: '30d' });
  const timeZone = useMemo(() => browserTimeZone(), []);
  const range = useMemo(() => rangeOf(choice, timeZone), [choice, timeZone]);
  const stats = useStats(range, canView);
  const suffix = `${range.from}-to-${range.to}`;

  if (!canView) {
    return (
      <div className="page">
        <EmptyState icon="lock" title="Stats are not part of your role" headingLevel={1}>
          Ask a Super Admin of your team to give your role the “See usage stats” permission.
        </EmptyState>
      </div>
    );
  }

  let body;
  if (stats.isError && !isSessionError(stats.error)) {
    body = (
      <EmptyState
        icon="alert"
        tone="danger"
        title="Stats could not be loaded"
        actions={<Button onClick={() => void stats.refetch()}>Try again</Button>}
      >
        {errorMessage(stats.error)}
      </EmptyState>
    );
  } else if (!stats.data) {
    body = (
      <div className="stats-grid" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={260} />
        ))}
      </div>
    );
  } else {
    const data = stats.data;
    const noAccounts = data.accounts.used === 0 && data.accounts.daily.every((d) => !d.used);
    body = (
      <div
        className="stats-grid"
        aria-busy={stats.isFetching || undefined}
        data-testid="stats-loaded"
      >
        <UsageChart
          id="stats-accounts"
          title="Accounts"
          noun="Accounts"
          usage={data.accounts}
          fileName={`accounts-${suffix}.csv`}
          empty={noAccounts ? <NoAccounts /> : undefined}
        />
        <ConnectorBars
          byConnector={data.accounts.byConnector}
          fileName={`accounts-by-data-source-${suffix}.csv`}
        />
        <UsageChart
          id="stats-users"
          title="Members"
          noun="Members"
          usage={data.users}
          fileName={`members-${suffix}.csv`}
        />
        <RequestsChart
          requests={data.dataRequests}
          from={data.range.from}
          fileName={`data-requests-${suffix}.csv`}
        />
        <FailingAccounts accounts={data.failingAccounts} />
        <ProviderQuota accounts={data.providerQuota} />
        <DataNotices notices={data.dataNotices} />
        <CredentialRefreshes credentials={data.credentials} />
      </div>
    );
  }

  return (
    <div className="page stats-page">
      <header className="page-header stats-header">
        <div>
          <h1 className="page-title">Stats</h1>
          <p className="page-meta">
            {range.from} to {range.to} · days in {timeZone}
          </p>
        </div>
        <RangePicker choice={choice} range={range} onChange={setChoice} />
      </header>
      {body}
    </div>
  );
}
