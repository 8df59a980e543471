import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import {
  NO_ACTIVITY_FILTERS,
  fetchAllActivity,
  useActivity,
  type ActivityFilters,
} from '../api/activity.ts';
import { activityCsv } from '../activity-csv.ts';
import { downloadTextFile } from '../../../lib/download-file.ts';
import { ActivityFiltersBar } from './activity-filters.tsx';
import { ActivityTable } from './activity-table.tsx';
import { useActionsInFlight } from './use-actions-in-flight.ts';

/** The team's activity log (view_activity): filters, "Load more" and a CSV of every match. */
export function ActivityPanel() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_ACTIVITY_FILTERS);
  const rangeError =
    filters.from && filters.to && filters.from > filters.to
      ? 'The From date must be on or before the To date.'
      : null;
  const activity = useActivity(filters, rangeError === null);
  const entries = useMemo(
    () => activity.data?.pages.flatMap((page) => page.entries) ?? [],
    [activity.data],
  );
  const { inFlight, run } = useActionsInFlight();

  const exportCsv = () =>
    void run('export', async () => {
      try {
        const all = await fetchAllActivity(filters);
        const day = new Date().toISOString().slice(0, 10);
        downloadTextFile(`team-activity-${day}.csv`, activityCsv(all));
        showToast(`Exported ${all.length.toLocaleString('en-US')} entries`, { tone: 'success' });
      } catch (error) {
        if (!isSessionError(error)) {
          showToast(`The export failed. ${errorMessage(error)}`, { tone: 'danger' });
        }
      }
    });

  const filtered = Object.values(filters).some(Boolean);
  let body;
  if (activity.isError && !isSessionError(activity.error)) {
    body = (
      <EmptyState
        icon="alert"
        tone="danger"
        title="Activity could not be loaded"
        headingLevel={3}
        actions={<Button onClick={() => void activity.refetch()}>Try again</Button>}
      >
        {errorMessage(activity.error)}
      </EmptyState>
    );
  } else if (!activity.data) {
    body = (
      <div className="card-padded" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading activity
        </span>
        <Skeleton width="70%" />
      </div>
    );
  } else if (entries.length === 0) {
    body = filtered ? (
      <EmptyState
        icon="search"
        title="No activity matches these filters"
        headingLevel={3}
        actions={<Button onClick={() => setFilters(NO_ACTIVITY_FILTERS)}>Clear filters</Button>}
      >
        Try another person, action or date range.
      </EmptyState>
    ) : (
      <EmptyState icon="clock" title="No activity yet" headingLevel={3}>
        Invitations, role changes and data-source changes are listed here as they happen.
      </EmptyState>
    );
  } else {
    body = <ActivityTable entries={entries} />;
  }

  return (
    <div className="team-section">
      <h2 className="visually-hidden">Activity</h2>
      <ActivityFiltersBar
        filters={filters}
        onChange={setFilters}
        actors={activity.data?.pages[0]?.actors ?? []}
        rangeError={rangeError}
        trailing={
          <Button
            loading={inFlight.has('export')}
            disabled={entries.length === 0 || rangeError !== null}
            onClick={exportCsv}
            data-testid="export-activity"
          >
            Export CSV
          </Button>
        }
      />
      <div
        className="card"
        aria-busy={(activity.isFetching && !activity.isFetchingNextPage) || undefined}
      >
        {body}
      </div>
      {activity.hasNextPage && (
        <div className="load-more">
          <Button
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage({ cancelRefetch: false })}
            data-testid="load-more-activity"
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
