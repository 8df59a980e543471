// Apart from connectors.ts, so a client that lists the API's connectors does not carry the
// whole built-in catalog.

/**
 * The connector catalog's API answer (a map keyed by connector id) as a list: the id comes
 * from the map key; the list is sorted by name, case-insensitive.
 */
export function connectorListFromMap<T extends { name: string }>(
  map: Readonly<Record<string, T>>,
): Array<T & { id: number }> {
  return Object.entries(map)
    .map(([key, value]) => ({ ...value, id: Number(key) }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
