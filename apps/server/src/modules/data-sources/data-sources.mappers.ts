import type { Account } from '@gds/contract';
import { displayName } from '../team/team.mappers.ts';
import type { AccountView, LoginView } from './data-sources.repository.ts';

/** Database rows → the contract's shapes. Nothing secret is selected, so nothing can leak. */

const DAY_MS = 24 * 60 * 60 * 1000;

type PersonColumns = {
  id: string | null;
  name: string | null;
  first: string | null;
  last: string | null;
  email: string | null;
};

function person(p: PersonColumns) {
  if (!p.id) return null;
  const name = displayName({
    name: p.name ?? '',
    firstName: p.first ?? '',
    lastName: p.last ?? '',
  });
  return { id: p.id, name, email: p.email ?? '' };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * An account as the screen shows it: deleted, else its login's trouble (needs reconnect,
 * error), else its own status. purgeAt follows the retention configured now.
 */
export function toAccount(row: AccountView, retentionDays: number): Account {
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
    addedBy: person({
      id: row.added_by_id,
      name: row.added_by_name,
      first: row.added_by_first,
      last: row.added_by_last,
      email: row.added_by_email,
    }),
    addedAt: row.added_at.toISOString(),
    lastRefreshedAt: iso(row.last_refreshed_at),
    deletedAt: iso(row.deleted_at),
    deletedBy: person({
      id: row.deleted_by_id,
      name: row.deleted_by_name,
      first: row.deleted_by_first,
      last: row.deleted_by_last,
      email: row.deleted_by_email,
    }),
    purgeAt: row.deleted_at
      ? new Date(row.deleted_at.getTime() + retentionDays * DAY_MS).toISOString()
      : null,
  };
}

export function toLogin(row: LoginView, accounts: Account[]) {
  return {
    id: row.id,
    name: row.display_name,
    status: row.status,
    statusReason: row.status_reason,
    addedBy: person({
      id: row.created_by_id,
      name: row.created_by_name,
      first: row.created_by_first,
      last: row.created_by_last,
      email: row.created_by_email,
    }),
    addedAt: row.created_at.toISOString(),
    lastRefreshedAt: iso(row.last_refreshed_at),
    accounts,
  };
}

export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);
