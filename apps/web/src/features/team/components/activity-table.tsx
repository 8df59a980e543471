import type { ActivityEntry } from '@gds/contract';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { actionLabel } from '../activity-csv.ts';
import { personName } from './member-name.ts';

/** The log, newest first: when, who (and the platform admin acting as them), what. */
export function ActivityTable({ entries }: { entries: readonly ActivityEntry[] }) {
  return (
    <div className="table-wrap" role="region" aria-label="Activity log" tabIndex={0}>
      <table className="table table-stack activity-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Person</th>
            <th scope="col">What happened</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="activity-row">
              <td className="nowrap">
                <RelativeTime value={entry.at} />
              </td>
              <td data-label="Person">
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
              </td>
              <td data-label="What happened">
                <span className="activity-action">{actionLabel(entry.action)}</span>
                <span className="activity-summary">{entry.summary}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
