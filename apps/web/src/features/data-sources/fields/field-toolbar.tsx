import { FIELD_SEMANTIC_TYPES, type FieldSemanticType } from '@gds/contract';
import { useId, type RefObject } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { hasFieldFilters, NO_FIELD_FILTERS, type FieldFilters } from './field-filters.ts';
import { SEMANTIC_TYPE_LABELS } from './field-format.ts';

/** Search by name, and filters by group (when the catalogue has groups), kind and type. */
export function FieldToolbar({
  filters,
  onChange,
  groups,
  searchRef,
}: {
  filters: FieldFilters;
  onChange: (filters: FieldFilters) => void;
  groups: readonly string[];
  /** The search input: clearing the filters moves focus there (the Clear button goes away). */
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <div className="ds-toolbar fx-toolbar" role="search" aria-label="Filter fields">
      <div className="search-field ds-search">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search fields
        </label>
        <Icon name="search" size={16} />
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          className="input"
          placeholder="Search field name or id"
          autoComplete="off"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
          data-testid="field-search"
        />
      </div>
      {groups.length > 0 && (
        <div className="select-field">
          <label htmlFor={`${id}-group`} className="select-label">
            Group
          </label>
          <select
            id={`${id}-group`}
            className="select"
            value={filters.group ?? ''}
            onChange={(event) =>
              onChange({ ...filters, group: event.target.value === '' ? null : event.target.value })
            }
            data-testid="field-group-filter"
          >
            <option value="">All groups</option>
            {groups.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="select-field">
        <label htmlFor={`${id}-concept`} className="select-label">
          Kind
        </label>
        <select
          id={`${id}-concept`}
          className="select"
          value={filters.concept ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              concept:
                event.target.value === 'DIMENSION' || event.target.value === 'METRIC'
                  ? event.target.value
                  : null,
            })
          }
          data-testid="field-concept-filter"
        >
          <option value="">Dimensions and metrics</option>
          <option value="DIMENSION">Dimensions</option>
          <option value="METRIC">Metrics</option>
        </select>
      </div>
      <div className="select-field">
        <label htmlFor={`${id}-type`} className="select-label">
          Type
        </label>
        <select
          id={`${id}-type`}
          className="select"
          value={filters.semanticType ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              semanticType:
                FIELD_SEMANTIC_TYPES.find((type) => type === event.target.value) ?? null,
            })
          }
          data-testid="field-type-filter"
        >
          <option value="">All types</option>
          {FIELD_SEMANTIC_TYPES.map((type: FieldSemanticType) => (
            <option key={type} value={type}>
              {SEMANTIC_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {hasFieldFilters(filters) && (
        <Button
          variant="ghost"
          onClick={() => {
            onChange(NO_FIELD_FILTERS);
            searchRef.current?.focus();
          }}
          data-testid="clear-field-filters"
        >
          Clear
        </Button>
      )}
    </div>
  );
}
