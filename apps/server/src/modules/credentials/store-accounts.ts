import type { Db } from '../../db/database.ts';
import type { FoundItem } from '@gds/contract/json-path';
import { createAccountsRepository } from './accounts.repository.ts';

/**
 * A credential's discovered accounts, inside the connection's transaction (the team row is
 * already locked). New ones are added while the plan's limit allows, counting the team's
 * non-deleted accounts; the rest are skipped (not stored: a later reconnect, after a plan
 * change, adds them). An account the team already has stays where it is, deleted or not, so
 * nothing is ever duplicated. On reconnect, accounts the provider no longer lists are flagged.
 */
export async function storeAccounts(
  tx: Db,
  input: {
    teamId: string;
    credentialId: string;
    connectorId: number;
    userId: string | null;
    limit: number;
    accounts: FoundItem[];
    now: Date;
    reconnect: boolean;
  },
): Promise<{ added: number; skipped: number }> {
  const repo = createAccountsRepository(tx);
  const ids = input.accounts.map((a) => a.id);
  const known = new Map(
    (await repo.byExternalId(input.teamId, input.connectorId, ids)).map((row) => [
      row.external_id,
      row,
    ]),
  );
  let used = await repo.countActive(input.teamId);
  const added: FoundItem[] = [];
  let skipped = 0;
  for (const account of input.accounts) {
    const row = known.get(account.id);
    if (row) {
      const details = detailsOf(account);
      if (
        row.credential_id === input.credentialId &&
        (row.name !== account.name || input.reconnect || !sameDetails(row.details, account))
      ) {
        await repo.markListed(input.teamId, row.id, { name: account.name, details });
      }
    } else if (used < input.limit) {
      added.push(account);
      used += 1;
    } else {
      skipped += 1;
    }
  }
  await repo.insertMany(
    added.map((account) => ({
      team_id: input.teamId,
      credential_id: input.credentialId,
      connector_id: input.connectorId,
      external_id: account.id,
      name: account.name,
      details: detailsOf(account),
      added_by: input.userId,
      added_at: input.now,
    })),
  );
  if (input.reconnect) await repo.flagUnlisted(input.teamId, input.credentialId, ids);
  return { added: added.length, skipped };
}

const detailsOf = (account: FoundItem) => JSON.stringify(account.details ?? {});

/** Whether the stored details are the ones just found (a manager or currency can change). */
function sameDetails(stored: Readonly<Record<string, string>>, account: FoundItem): boolean {
  const found = account.details ?? {};
  const keys = new Set([...Object.keys(stored), ...Object.keys(found)]);
  return [...keys].every((key) => stored[key] === found[key]);
}
