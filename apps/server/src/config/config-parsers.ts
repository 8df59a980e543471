import { z } from 'zod';
import { isBusinessUnit, parseHostUnitMap, BUSINESS_UNITS } from '@gds/contract';
import type { BusinessUnit, HostUnitMap } from '@gds/contract';

/** Parsers for the list-shaped settings; each throws a readable message on a bad entry. */

export function parseSkinHosts(text: string): HostUnitMap {
  return parseHostUnitMap(text);
}

/**
 * A comma-separated list of absolute http(s) URLs; `check` refines each (answering what to
 * keep or throwing). Bad entries are named with `example` of what was expected.
 */
export function parseUrlList(
  text: string,
  example: string,
  check: (url: URL, entry: string) => string,
): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`"${entry}" is not an absolute URL such as ${example}`);
      }
      if (!/^https?:$/.test(url.protocol)) {
        throw new Error(`"${entry}" is not an http(s) URL such as ${example}`);
      }
      return check(url, entry);
    });
}

/** "https://a.example,https://b.example:8443" → normalised origins. */
export function parseOriginList(text: string): string[] {
  return parseUrlList(text, 'https://app.example.com', (url, entry) => {
    if (url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`"${entry}" is not an origin such as https://app.example.com`);
    }
    return url.origin;
  });
}

/** "RAVEN_GDS=G-XXXX,..." → a tag id per unit. */
export function parseGtagIds(text: string): Partial<Record<BusinessUnit, string>> {
  const ids: Partial<Record<BusinessUnit, string>> = {};
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [unit, id, ...rest] = entry.split('=').map((part) => part.trim());
    if (!isBusinessUnit(unit) || !id || rest.length > 0) {
      throw new Error(
        `"${entry}" is not of the form UNIT=G-XXXX (units: ${BUSINESS_UNITS.join(', ')})`,
      );
    }
    if (!/^[A-Z]{1,3}-[A-Z0-9-]{4,20}$/.test(id)) {
      throw new Error(`"${id}" is not a tag id such as G-ABC123`);
    }
    ids[unit] = id;
  }
  return ids;
}

/** "a@x.com, B@y.com" → lower-cased addresses (people type them in any case). */
export function parseEmailList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (!z.email().safeParse(entry).success) {
        throw new Error(`"${entry}" is not an email address such as admin@agency.com`);
      }
      return entry.toLowerCase();
    });
}

/**
 * Default allowed origins: the public URL's, each skin host with the public URL's scheme and
 * port, and in demo mode http://127.0.0.1:PORT (what a newcomer may type).
 */
export function deriveAppOrigins(input: {
  publicUrl: string;
  skinHosts: HostUnitMap;
  port: number;
  sandbox: boolean;
}): string[] {
  const base = new URL(input.publicUrl);
  const origins = new Set<string>([base.origin]);
  for (const host of Object.keys(input.skinHosts)) {
    const url = new URL(base.origin);
    url.hostname = host;
    origins.add(url.origin);
  }
  if (input.sandbox) origins.add(`http://127.0.0.1:${input.port}`);
  return [...origins];
}
