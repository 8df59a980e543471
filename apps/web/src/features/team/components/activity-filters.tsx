import { ACTIVITY_ACTIONS, type ActivityAction, type Person } from '@gds/contract';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { NO_ACTIVITY_FILTERS, type ActivityFilters } from '../api/activity.ts';
import { personName } from './member-name.ts';

interface ActivityFiltersBarProps {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
  actors: readonly Person[];
  /** Set when the dates are the wrong way round; shown under the bar. */
  rangeError: string | null;
  trailing?: ReactNode;
}

const ACTIONS = Object.entries(ACTIVITY_ACTIONS) as Array<[ActivityAction, string]>;

/** Person, action and date range (days in UTC, both ends included). */
export function ActivityFiltersBar({
  filters,
  onChange,
  actors,
  rangeError,
  trailing,
}: ActivityFiltersBarProps) {
  const id = useId();
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="activity-toolbar-wrap">
      <div className="activity-toolbar" role="search" aria-label="Filter activity">
        <div className="select-field">
          <label htmlFor={`${id}-actor`} className="select-label">
            Person
          </label>
          <select
            id={`${id}-actor`}
            className="select"
            value={filters.actor}
            onChange={(event) => set({ actor: event.target.value })}
            data-testid="activity-actor"
          >
            <option value="">Everyone</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {personName(actor)}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-action`} className="select-label">
            Action
          </label>
          <select
            id={`${id}-action`}
            className="select"
            value={filters.action}
            onChange={(event) => set({ action: event.target.value as ActivityAction | '' })}
            data-testid="activity-action"
          >
            <option value="">All actions</option>
            {ACTIONS.map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-from`} className="select-label">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className="select"
            value={filters.from}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(event) => set({ from: event.target.value })}
            data-testid="activity-from"
          />
        </div>
        <div className="select-field">
          <label htmlFor={`${id}-to`} className="select-label">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className="select"
            value={filters.to}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(event) => set({ to: event.target.value })}
            data-testid="activity-to"
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={() => onChange(NO_ACTIVITY_FILTERS)}>
            Clear
          </Button>
        )}
        {trailing && <div className="activity-toolbar-end">{trailing}</div>}
      </div>
      {rangeError && (
        <p
          id={`${id}-range`}
          className="field-error"
          role="alert"
          data-testid="activity-range-error"
        >
          <Icon name="alert" size={14} /> {rangeError}
        </p>
      )}
    </div>
  );
}
