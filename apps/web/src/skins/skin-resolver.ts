import {
  DEFAULT_HOST_UNIT_MAP,
  SKINS,
  parseHostUnitMap,
  resolveBusinessUnit,
  type HostUnitMap,
  type Skin,
} from '@gds/contract';

export const SKIN_HOSTS_META = 'gds-skin-hosts';

/**
 * The host → unit map the server wrote into index.html; the built-in map when the meta is
 * empty (dev server, static preview) or malformed.
 */
export function readHostUnitMap(doc: Document = document): HostUnitMap {
  const content = doc.querySelector(`meta[name="${SKIN_HOSTS_META}"]`)?.getAttribute('content');
  if (!content?.trim()) return DEFAULT_HOST_UNIT_MAP;
  try {
    return parseHostUnitMap(content);
  } catch (error) {
    console.warn('Ignoring malformed skin host map', error);
    return DEFAULT_HOST_UNIT_MAP;
  }
}

/** The skin of the browser's host name; unknown hosts get the first unit. */
export function resolveSkin(hostname: string, map: HostUnitMap): Skin {
  return SKINS[resolveBusinessUnit(hostname, map)];
}
