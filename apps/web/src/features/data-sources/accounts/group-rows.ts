import type { Account } from '@gds/contract';
import type { ConnectorGroup, Credential } from '../api/grouped-data-query.ts';
import { needsAttention } from './account-filters.ts';

/** A row of a connector's table: a credential's header, one of its accounts, or "no accounts". */
export type GroupRow =
  | { kind: 'credential'; credential: Credential }
  | { kind: 'account'; credential: Credential; account: Account }
  | { kind: 'empty'; credential: Credential };

/** A connector's table as one list of rows: each credential's header, then its accounts. */
export function groupRows(group: ConnectorGroup): GroupRow[] {
  const rows: GroupRow[] = [];
  for (const credential of group.credentials) {
    rows.push({ kind: 'credential', credential });
    if (credential.accounts.length === 0) rows.push({ kind: 'empty', credential });
    for (const account of credential.accounts) rows.push({ kind: 'account', credential, account });
  }
  return rows;
}

/** How many rows a connector's table has, without building them. */
export function groupRowCount(group: ConnectorGroup): number {
  let count = 0;
  for (const credential of group.credentials) count += 1 + Math.max(1, credential.accounts.length);
  return count;
}

/** A row's identity: the same account keeps its measured height when filters change the list. */
export function groupRowKey(row: GroupRow): string {
  return row.kind === 'account' ? `a:${row.account.id}` : `${row.kind}:${row.credential.id}`;
}

/** A row's height before it is measured (pixels, as the stylesheet draws them). */
export function estimatedRowHeight(row: GroupRow): number {
  if (row.kind === 'account') return 57;
  if (row.kind === 'empty') return 45;
  return needsAttention(row.credential) ? 92 : 70;
}
