import { useDeferredValue, useMemo, useState } from 'react';
import type { ConnectorGroup } from '../api/grouped-data-query.ts';
import {
  NO_FILTERS,
  deletedRows,
  filterGroups,
  hasFilters,
  type AccountFilters,
} from './account-filters.ts';

export type AccountView = 'accounts' | 'deleted';

/**
 * The search and filters of the Data Sources screen and what they leave of each view. The
 * lists follow a deferred copy of the filters, so typing stays quick with thousands of
 * accounts; `updating` is true while the lists lag behind what was typed.
 */
export function useAccountFilters(groups: readonly ConnectorGroup[], view: AccountView) {
  const [filters, setFilters] = useState<AccountFilters>(NO_FILTERS);
  const applied = useDeferredValue(filters);
  const visibleGroups = useMemo(() => filterGroups(groups, applied), [groups, applied]);
  // The Deleted list is built only while it shows.
  const deleted = useMemo(
    () => (view === 'deleted' ? deletedRows(groups, applied) : []),
    [view, groups, applied],
  );
  return {
    filters,
    setFilters,
    clearFilters: () => setFilters(NO_FILTERS),
    filtering: hasFilters(applied),
    updating: filters !== applied,
    visibleGroups,
    deleted,
  };
}

export type AccountFiltering = ReturnType<typeof useAccountFilters>;
