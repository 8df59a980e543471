import type { Db } from '../../db/database.ts';
import { createCredentialsRepository } from './credentials.repository.ts';
import type { FoundItem } from './json-path.ts';

/**
 * A login's discovered accounts, inside the connection's transaction (the team row is
 * already locked). New ones are added while the plan's limit allows, counting the team's
 * non-deleted accounts; the rest are skipped (not stored: a later reconnect, after a plan
 * change, adds them). An account the team already has stays where it is, deleted or not, so
 * nothing is ever duplicated. On reconnect, accounts the login no longer lists are flagged.
 */
export async function storeAccounts(
  tx: Db,
  input: {
    teamId: string;
    credentialId: string;
    connectorId: number;
    userId: string;
    limit: number;
    accounts: FoundItem[];
    now: Date;
    reconnect: boolean;
  },
): Promise<{ added: number; skipped: number }> {
  const repo = createCredentialsRepository(tx);
  const ids = input.accounts.map((a) => a.id);
  const known = new Map(
    (await repo.accountsByExternalId(input.teamId, input.connectorId, ids)).map((row) => [
      row.external_id,
      row,
    ]),
  );
  let used = await repo.countActiveAccounts(input.teamId);
  const added: FoundItem[] = [];
  let skipped = 0;
  for (const account of input.accounts) {
    const row = known.get(account.id);
    if (row) {
      if (
        row.credential_id === input.credentialId &&
        (row.name !== account.name || input.reconnect)
      ) {
        await tx
          .updateTable('data_source_accounts')
          .set({ name: account.name, status: 'connected' })
          .where('id', '=', row.id)
          .execute();
      }
    } else if (used < input.limit) {
      added.push(account);
      used += 1;
    } else {
      skipped += 1;
    }
  }
  if (added.length > 0) {
    await tx
      .insertInto('data_source_accounts')
      .values(
        added.map((account) => ({
          team_id: input.teamId,
          credential_id: input.credentialId,
          connector_id: input.connectorId,
          external_id: account.id,
          name: account.name,
          added_by: input.userId,
          added_at: input.now,
        })),
      )
      .execute();
  }
  if (input.reconnect) await repo.flagUnlisted(input.teamId, input.credentialId, ids);
  return { added: added.length, skipped };
}
