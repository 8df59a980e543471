import type { Account } from '@gds/contract';
import type { TeamPeople as People } from '../team/team.mappers.ts';
import type { AccountView, CredentialView } from './data-sources.repository.ts';

/** Database rows → the contract's shapes. Nothing secret is selected, so nothing can leak. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Someone who has since left the team (or was deleted) shows as nobody. */
const person = (people: People, id: string | null) => (id ? (people.get(id) ?? null) : null);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An account as the screen shows it: deleted, else its credential's trouble (needs reconnect,
 * error), else its own status. purgeAt follows the retention configured now.
 */
export function toAccount(row: AccountView, retentionDays: number, people: People): Account {
  const status = row.deleted_at
    ? 'deleted'
    : row.credential_status !== 'connected'
      ? row.credential_status
      : row.status;
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    status,
    addedBy: person(people, row.added_by),
    addedAt: row.added_at.toISOString(),
    lastRefreshedAt: iso(row.last_refreshed_at),
    deletedAt: iso(row.deleted_at),
    deletedBy: person(people, row.deleted_by),
    purgeAt: row.deleted_at
      ? new Date(row.deleted_at.getTime() + retentionDays * DAY_MS).toISOString()
      : null,
  };
}

export function toCredential(row: CredentialView, accounts: Account[], people: People) {
  return {
    id: row.id,
    name: row.display_name,
    status: row.status,
    statusReason: row.status_reason,
    addedBy: person(people, row.created_by),
    connectedByEmail: row.connected_by_email,
    addedAt: row.created_at.toISOString(),
    lastRefreshedAt: iso(row.last_refreshed_at),
    accounts,
  };
}

export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);
