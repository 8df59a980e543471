import type { Db } from '../../db/database.ts';
import type { CredentialRow } from '../../db/schema.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createCredentialsRepository } from './credentials.repository.ts';

/**
 * Reads of stored credentials and accounts that other modules need. Each takes the caller's
 * database handle: inside a change, pass its transaction.
 */

/** One of the team's credentials; undefined for another team's, or an id that is no uuid. */
export function findCredential(
  db: Db,
  teamId: string,
  id: string,
): Promise<CredentialRow | undefined> {
  return createCredentialsRepository(db).find(teamId, id);
}

/** The team's credentials of one connector, by name. */
export function credentialsOfConnector(db: Db, teamId: string, connectorId: number) {
  return createCredentialsRepository(db).listOfConnector(teamId, connectorId);
}

/** The accounts that count against the team's plan (all but the deleted ones). */
export function countActiveAccounts(db: Db, teamId: string): Promise<number> {
  return createAccountsRepository(db).countActive(teamId);
}

/** The team's accounts that count against its plan, by connector id. */
export async function countActiveAccountsByConnector(
  db: Db,
  teamId: string,
): Promise<ReadonlyMap<number, number>> {
  const rows = await createAccountsRepository(db).countActiveByConnector(teamId);
  return new Map(rows.map((row) => [row.connector_id, row.n]));
}

/** One of the team's accounts with the credential that reaches it; deleted ones too. */
export function findAccount(db: Db, teamId: string, accountId: string) {
  return createAccountsRepository(db).find(teamId, accountId);
}

/** The team's accounts that are not deleted, by name (every connector). */
export function liveAccounts(db: Db, teamId: string) {
  return createAccountsRepository(db).listLive(teamId);
}
