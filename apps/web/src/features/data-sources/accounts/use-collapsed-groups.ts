import { useCallback, useState } from 'react';
import type { ConnectorGroup } from '../api/grouped-data-query.ts';

/** Which connector groups are collapsed, one at a time or all the visible ones at once. */
export function useCollapsedGroups(visibleGroups: readonly ConnectorGroup[]) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  // Stable, so a group card that did not change is not rendered again.
  const toggle = useCallback((connectorId: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(connectorId)) next.add(connectorId);
      return next;
    });
  }, []);
  const allCollapsed = visibleGroups.every((group) => collapsed.has(group.connectorId));
  const toggleAll = () =>
    setCollapsed(allCollapsed ? new Set() : new Set(visibleGroups.map((g) => g.connectorId)));
  return { collapsed, toggle, allCollapsed, toggleAll };
}

export type CollapsedGroups = ReturnType<typeof useCollapsedGroups>;
