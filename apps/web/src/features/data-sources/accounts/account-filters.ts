import type { Account, AccountStatus } from '@gds/contract';
import type { ConnectorGroup, Credential } from '../api/grouped-data-query.ts';
import { daysToExpiry } from './credential-expiry.ts';

/** Statuses offered by the status filter of the accounts view (deleted has its own view). */
export const ACTIVE_STATUSES = ['connected', 'needs_reconnect', 'error'] as const;
export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];

export interface AccountFilters {
  /** Account name or id, or credential name. */
  search: string;
  connectorId: number | null;
  status: ActiveStatus | null;
  /** Only logins forecast to stop working within the notice period. */
  expiring: boolean;
  /** Logins by name (the server's order), or soonest forecast expiry first. */
  sort: 'name' | 'expiry';
}

export const NO_FILTERS: AccountFilters = {
  search: '',
  connectorId: null,
  status: null,
  expiring: false,
  sort: 'name',
};

/** Whether anything narrows the lists (the order is not a filter). */
export function hasFilters(filters: AccountFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.connectorId !== null ||
    filters.status !== null ||
    filters.expiring
  );
}

/** Soonest forecast expiry first; logins with none keep their order after them. */
function byExpiry(a: Pick<Credential, 'expiresAt'>, b: Pick<Credential, 'expiresAt'>): number {
  if (a.expiresAt === b.expiresAt) return 0;
  if (!a.expiresAt) return 1;
  if (!b.expiresAt) return -1;
  return Date.parse(a.expiresAt) - Date.parse(b.expiresAt);
}

const includes = (text: string, needle: string) => text.toLowerCase().includes(needle);

function accountMatches(account: Account, needle: string): boolean {
  return (
    includes(account.name, needle) ||
    includes(account.externalId, needle) ||
    includes(account.id, needle)
  );
}

function credentialMatches(credential: Credential, needle: string): boolean {
  return includes(credential.name, needle) || includes(credential.id, needle);
}

/**
 * The accounts view: groups keep their credentials and the accounts that match, deleted
 * accounts left out. A credential whose name matches the search keeps all its accounts. With
 * filters on, credentials (and groups) left without a match disappear; without filters every
 * credential shows, even one that has no accounts yet.
 */
export function filterGroups(
  groups: readonly ConnectorGroup[],
  filters: AccountFilters,
  now = Date.now(),
): ConnectorGroup[] {
  const needle = filters.search.trim().toLowerCase();
  const filtering = hasFilters(filters);
  const result: ConnectorGroup[] = [];
  for (const group of groups) {
    if (filters.connectorId !== null && group.connectorId !== filters.connectorId) continue;
    const credentials: Credential[] = [];
    for (const credential of group.credentials) {
      if (filters.expiring && daysToExpiry(credential, now) === null) continue;
      const wholeCredential = needle === '' || credentialMatches(credential, needle);
      const accounts = credential.accounts.filter(
        (account) =>
          account.status !== 'deleted' &&
          (filters.status === null || account.status === filters.status) &&
          (wholeCredential || accountMatches(account, needle)),
      );
      const credentialItselfMatches =
        wholeCredential && (filters.status === null || credential.status === filters.status);
      if (accounts.length > 0 || !filtering || credentialItselfMatches) {
        credentials.push(
          accounts.length === credential.accounts.length ? credential : { ...credential, accounts },
        );
      }
    }
    if (filters.sort === 'expiry') credentials.sort(byExpiry);
    if (credentials.length > 0) result.push({ ...group, credentials });
  }
  // Sorted by expiry, the connector whose login expires first comes first.
  if (filters.sort === 'expiry')
    result.sort((a, b) => byExpiry(a.credentials[0]!, b.credentials[0]!));
  return result;
}

export interface DeletedRow {
  account: Account;
  credential: Credential;
  connectorId: number;
}

/** The Deleted view: deleted accounts, most recently deleted first. */
export function deletedRows(
  groups: readonly ConnectorGroup[],
  filters: Pick<AccountFilters, 'search' | 'connectorId'>,
): DeletedRow[] {
  const needle = filters.search.trim().toLowerCase();
  const rows: DeletedRow[] = [];
  for (const group of groups) {
    if (filters.connectorId !== null && group.connectorId !== filters.connectorId) continue;
    for (const credential of group.credentials) {
      const wholeCredential = needle === '' || credentialMatches(credential, needle);
      for (const account of credential.accounts) {
        if (account.status !== 'deleted') continue;
        if (wholeCredential || accountMatches(account, needle)) {
          rows.push({ account, credential, connectorId: group.connectorId });
        }
      }
    }
  }
  return rows.sort((a, b) => (b.account.deletedAt ?? '').localeCompare(a.account.deletedAt ?? ''));
}

export interface AccountCounts {
  active: number;
  deleted: number;
  byStatus: Record<AccountStatus, number>;
}

/** How many accounts there are in each status (for the tabs and the status filter). */
export function countAccounts(groups: readonly ConnectorGroup[]): AccountCounts {
  const byStatus: Record<AccountStatus, number> = {
    connected: 0,
    needs_reconnect: 0,
    error: 0,
    deleted: 0,
  };
  for (const group of groups) {
    for (const credential of group.credentials) {
      for (const account of credential.accounts) byStatus[account.status] += 1;
    }
  }
  return {
    active: byStatus.connected + byStatus.needs_reconnect + byStatus.error,
    deleted: byStatus.deleted,
    byStatus,
  };
}

/** Credentials that need the user: expired or failing authorisations. */
export function needsAttention(credential: Pick<Credential, 'status'>): boolean {
  return credential.status === 'needs_reconnect' || credential.status === 'error';
}
