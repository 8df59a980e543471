import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import {
  ACTIVE_STATUSES,
  NO_FILTERS,
  hasFilters,
  type AccountCounts,
  type AccountFilters,
  type ActiveStatus,
} from './account-filters.ts';
import { STATUS_LABELS } from './account-format.ts';
import { EXPIRY_NOTICE_DAYS } from './credential-expiry.ts';

interface DataSourcesToolbarProps {
  filters: AccountFilters;
  onChange: (filters: AccountFilters) => void;
  connectors: ReadonlyArray<{ id: number; name: string }>;
  counts: AccountCounts;
  /** The Deleted view has no status filter. */
  showStatus: boolean;
  /** Shown at the end of the row (e.g. collapse all). */
  trailing?: ReactNode;
}

/** Search (account name or id, credential name) and the connector and status filters. */
export function DataSourcesToolbar({
  filters,
  onChange,
  connectors,
  counts,
  showStatus,
  trailing,
}: DataSourcesToolbarProps) {
  const id = useId();
  return (
    <div className="ds-toolbar" role="search" aria-label="Filter accounts">
      <div className="search-field ds-search">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search accounts
        </label>
        <Icon name="search" size={16} />
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          placeholder="Search account, ID or login"
          autoComplete="off"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          data-testid="account-search"
        />
      </div>
      <div className="select-field">
        <label htmlFor={`${id}-connector`} className="select-label">
          Connector
        </label>
        <select
          id={`${id}-connector`}
          className="select"
          value={filters.connectorId ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              connectorId: event.target.value === '' ? null : Number(event.target.value),
            })
          }
          data-testid="connector-filter"
        >
          <option value="">All connectors</option>
          {connectors.map((connector) => (
            <option key={connector.id} value={connector.id}>
              {connector.name}
            </option>
          ))}
        </select>
      </div>
      {showStatus && (
        <div className="select-field">
          <label htmlFor={`${id}-status`} className="select-label">
            Status
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={filters.status ?? ''}
            onChange={(event) =>
              onChange({
                ...filters,
                status: event.target.value === '' ? null : (event.target.value as ActiveStatus),
              })
            }
            data-testid="status-filter"
          >
            <option value="">All statuses</option>
            {ACTIVE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]} ({counts.byStatus[status].toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </div>
      )}
      {showStatus && (
        <div className="select-field">
          <label htmlFor={`${id}-sort`} className="select-label">
            Sort
          </label>
          <select
            id={`${id}-sort`}
            className="select"
            value={filters.sort}
            onChange={(event) =>
              onChange({ ...filters, sort: event.target.value === 'expiry' ? 'expiry' : 'name' })
            }
            data-testid="sort-logins"
          >
            <option value="name">Login name</option>
            <option value="expiry">Expires soonest</option>
          </select>
        </div>
      )}
      {showStatus && (
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={filters.expiring}
            onChange={(event) => onChange({ ...filters, expiring: event.target.checked })}
            data-testid="expiring-filter"
          />{' '}
          Expiring within {EXPIRY_NOTICE_DAYS} days
        </label>
      )}
      {hasFilters(filters) && (
        <Button
          variant="ghost"
          onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort })}
          data-testid="clear-filters"
        >
          Clear
        </Button>
      )}
      {trailing && <div className="ds-toolbar-end">{trailing}</div>}
    </div>
  );
}
