import { useCallback, useMemo } from 'react';
import type { Connector } from '../api/connectors-query.ts';
import type { GroupedData } from '../api/grouped-data-query.ts';
import { countAccounts } from './account-filters.ts';

/**
 * The team's connector groups sorted by connector name, how many accounts each status has, and
 * the connector names and filter options. A connector the catalog does not know (yet) is named
 * by its id, so a group never shows without a name.
 */
export function useConnectorGroups(
  data: GroupedData | undefined,
  catalog: ReadonlyMap<number, Connector> | undefined,
) {
  const connectorName = useCallback(
    (id: number) => catalog?.get(id)?.name ?? `Connector ${id}`,
    [catalog],
  );
  const groups = useMemo(
    () =>
      [...(data?.groups ?? [])].sort((a, b) =>
        connectorName(a.connectorId).localeCompare(connectorName(b.connectorId)),
      ),
    [data, connectorName],
  );
  const counts = useMemo(() => countAccounts(groups), [groups]);
  const connectorOptions = useMemo(
    () =>
      groups.map((group) => ({ id: group.connectorId, name: connectorName(group.connectorId) })),
    [groups, connectorName],
  );
  return { groups, counts, connectorName, connectorOptions };
}
