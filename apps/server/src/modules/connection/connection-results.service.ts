import { DATA_SOURCES_CALLBACK_PATH } from '@gds/contract';
import type { ConnectionResult } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../sessions/session-token.ts';
import { createConnectionResultsRepository } from './connection-results.repository.ts';

/** Long enough to land on the page and reload it; the page is read right after the callback. */
export const CONNECTION_RESULT_TTL_MS = 10 * 60 * 1000;

type Deps = { db: Db; clock: Clock };

/**
 * Who may read a result: the browser session (and its user) whose callback recorded it. A
 * client connecting through a link has no user: its browser's own token, and the team.
 */
export type ResultOwner =
  { sessionToken: string; userId: string } | { sessionToken: string; userId: null; teamId: string };

/**
 * Records how a connection ended for this browser session and answers the SPA address that
 * shows it. The address carries only a fresh random id: what the page shows, and where it
 * may send the browser, comes from the server, so a hand-made link cannot fake either.
 */
export async function recordConnectionResult(
  deps: Deps,
  owner: ResultOwner,
  result: ConnectionResult,
  page: string = DATA_SOURCES_CALLBACK_PATH,
): Promise<string> {
  const id = newToken();
  const now = deps.clock();
  await createConnectionResultsRepository(deps.db).insert({
    id_hash: hashToken(id),
    session_hash: hashToken(owner.sessionToken),
    user_id: owner.userId,
    team_id: owner.userId === null ? owner.teamId : null,
    status: result.status,
    connector_id: result.connector,
    credential_name: result.credentialName,
    accounts_added: result.accountsAdded,
    accounts_skipped: result.accountsSkipped,
    error: result.error,
    return_uri: result.redirectUri,
    created_at: now,
    expires_at: new Date(now.getTime() + CONNECTION_RESULT_TTL_MS),
  });
  return `${page}?${new URLSearchParams({ id }).toString()}`;
}

/**
 * The result behind an id, for the session that recorded it. Another session's id, an
 * unknown or an expired one are all the same 404: nothing tells them apart.
 */
export async function readConnectionResult(
  deps: Deps,
  owner: { sessionToken: string; userId: string },
  id: string,
): Promise<ConnectionResult> {
  return (await readResult(deps, owner, id)).result;
}

/** A client's result (no user) for the browser that recorded it, with the team it names. */
export async function readClientConnectionResult(
  deps: Deps,
  browserToken: string,
  id: string,
): Promise<{ result: ConnectionResult; teamId: string }> {
  const { result, teamId } = await readResult(
    deps,
    { sessionToken: browserToken, userId: null },
    id,
  );
  if (!teamId) throw new AppError('NOT_FOUND', 'There is no connection result to show.');
  return { result, teamId };
}

async function readResult(
  deps: Deps,
  owner: { sessionToken: string; userId: string | null },
  id: string,
): Promise<{ result: ConnectionResult; teamId: string | null }> {
  const row = await createConnectionResultsRepository(deps.db).find({
    idHash: hashToken(id),
    sessionHash: hashToken(owner.sessionToken),
    userId: owner.userId,
    now: deps.clock(),
  });
  if (!row) throw new AppError('NOT_FOUND', 'There is no connection result to show.');
  const result: ConnectionResult = {
    status: row.status,
    connector: row.connector_id,
    credentialName: row.credential_name,
    accountsAdded: row.accounts_added,
    accountsSkipped: row.accounts_skipped,
    redirectUri: row.return_uri,
    error: row.error,
  };
  return { result, teamId: row.team_id };
}

/** Drops results past their expiry (the hourly job). */
export async function purgeConnectionResults(deps: Deps): Promise<void> {
  await createConnectionResultsRepository(deps.db).purge(deps.clock());
}
