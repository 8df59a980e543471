import type { ActivityEntry } from '@gds/contract';
import { DataTable } from '../../../components/data-table.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { actionLabel } from '../activity-csv.ts';
import { personName } from './member-name.ts';

/** The log, newest first: when, who (and the platform admin acting as them), what. */
export function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  return (
    <DataTable
      label="Activity log"
      className="table-stack activity-table"
      rows={entries}
      rowKey={(entry) => entry.id}
      rowTestId="activity-row"
      columns={[
        {
          header: 'When',
          cellClassName: 'nowrap',
          cell: (entry) => <RelativeTime value={entry.at} />,
        },
        {
          header: 'Person',
          cell: (entry) => (
            <>
              <span className="activity-person">{personName(entry.actor) || '—'}</span>
              {entry.actingAdmin && (
                <span
                  className="activity-admin"
                  title="A platform admin acted as this member"
                  data-testid="activity-acting-admin"
                >
                  via {entry.actingAdmin.email}
                </span>
              )}
            </>
          ),
        },
        {
          header: 'What happened',
          cell: (entry) => (
            <>
              <span className="activity-action">{actionLabel(entry.action)}</span>
              <span className="activity-summary">{entry.summary}</span>
            </>
          ),
        },
      ]}
    />
  );
}
