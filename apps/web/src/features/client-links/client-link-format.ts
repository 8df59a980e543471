import type { ClientLink } from '@gds/contract';

type Tone = 'success' | 'neutral' | 'warning' | 'danger';

export const LINK_STATUS: Record<ClientLink['status'], { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'success' },
  used: { label: 'Used', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

/** A catalog connector as the links need it (the route passes the team's catalog in). */
export interface LinkConnector {
  id: number;
  name: string;
  auth: 'oauth2' | 'form';
  allowed: boolean;
  deprecated: boolean;
}

/**
 * Connectors a link may be made for: OAuth ones the team may connect now. A form-login (API
 * key) connector is never offered — sharing a key is what the link exists to avoid.
 */
export function linkableConnectors(connectors: readonly LinkConnector[]): LinkConnector[] {
  return connectors
    .filter((c) => c.auth === 'oauth2' && c.allowed && !c.deprecated)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How far a link has been used: "0 of 1" for a single-use link, "3 uses" for a multi-use one. */
export function usesLabel(link: Pick<ClientLink, 'uses' | 'multiUse'>): string {
  if (!link.multiUse) return `${link.uses} of 1`;
  return link.uses === 1 ? '1 use' : `${link.uses.toLocaleString('en-US')} uses`;
}
