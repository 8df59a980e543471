/** The three white-label business units. The first is the fallback. */
export const BUSINESS_UNITS = ['MEGALYTIC_GDS', 'RAVEN_GDS', 'TAPCLICKS_GDS'] as const;
export type BusinessUnit = (typeof BUSINESS_UNITS)[number];
export const DEFAULT_BUSINESS_UNIT: BusinessUnit = 'MEGALYTIC_GDS';

/** Header every API call carries. Node lower-cases incoming header names. */
export const BUSINESS_UNIT_HEADER = 'x-gds-businessUnit';

export function isBusinessUnit(value: unknown): value is BusinessUnit {
  return typeof value === 'string' && (BUSINESS_UNITS as readonly string[]).includes(value);
}

/** Host name (no port) → unit. Anything not in the map is the default unit. */
export type HostUnitMap = Readonly<Record<string, BusinessUnit>>;

export const DEFAULT_HOST_UNIT_MAP: HostUnitMap = {
  'raven.localhost': 'RAVEN_GDS',
  'tapclicks.localhost': 'TAPCLICKS_GDS',
};

/**
 * Parses "host=UNIT,host=UNIT" (the SKIN_HOSTS setting). Throws with a readable message on
 * a malformed entry so a bad setting stops the server at start instead of mis-skinning users.
 */
export function parseHostUnitMap(text: string): HostUnitMap {
  const map: Record<string, BusinessUnit> = {};
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [host, unit, ...rest] = entry.split('=').map((part) => part.trim());
    if (!host || !unit || rest.length > 0) {
      throw new Error(`"${entry}" is not of the form host=UNIT`);
    }
    if (!isBusinessUnit(unit)) {
      throw new Error(`"${unit}" is not a business unit (${BUSINESS_UNITS.join(', ')})`);
    }
    map[host.toLowerCase()] = unit;
  }
  return map;
}

export function formatHostUnitMap(map: HostUnitMap): string {
  return Object.entries(map)
    .map(([host, unit]) => `${host}=${unit}`)
    .join(',');
}

/** The unit for a browser host name: the map decides, else the first unit. */
export function resolveBusinessUnit(hostname: string, map: HostUnitMap): BusinessUnit {
  const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return map[host] ?? DEFAULT_BUSINESS_UNIT;
}
