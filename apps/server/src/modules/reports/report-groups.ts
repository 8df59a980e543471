import type { FetchContext, ReportRow } from './define-fetcher.ts';

/**
 * Items (calls, leads, charges, orders) counted into rows by the wanted dimensions: the
 * providers that list events rather than report figures are summed here, one row per group.
 */
export function groupRows<T>(
  context: Pick<FetchContext, 'wants'>,
  items: readonly T[],
  dimensions: (item: T) => Readonly<Record<string, unknown>>,
  figures: (group: readonly T[]) => Readonly<Record<string, unknown>>,
): ReportRow[] {
  const groups = new Map<string, { dims: Record<string, unknown>; items: T[] }>();
  for (const item of items) {
    const all = dimensions(item);
    const dims = Object.fromEntries(Object.entries(all).filter(([id]) => context.wants(id)));
    const key = JSON.stringify(Object.entries(dims));
    const group = groups.get(key) ?? { dims, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({ ...g.dims, ...figures(g.items) }));
}

/** The usual OAuth header. */
export const bearer = (context: Pick<FetchContext, 'request'>) => ({
  Authorization: `Bearer ${context.request.accessToken}`,
});

/** The last part of a provider's resource name or URN (`accounts/12` → `12`). */
export const lastPart = (id: string) => id.replace(/^.*[/:]/, '');
