import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Clock } from '../../lib/clock.ts';
import { isLiveServer } from '../../crypto/server-key-rings.repository.ts';
import type { Db } from '../../db/database.ts';
import type { CredentialRow, DataSourceCredentialsTable } from '../../db/schema.ts';

/**
 * Who refreshes what: a credential due for refresh is claimed with FOR UPDATE SKIP LOCKED and
 * a lease in one short transaction, so across instances exactly one refreshes it, without
 * holding a database connection during the provider call. A result is written only while the
 * lease is still ours (a reconnect meanwhile clears it and wins).
 *
 * A credential sealed under a key this instance lacks is left to a live instance that holds it
 * (during a rolling restart, old and new instances run side by side). Only when none does is
 * it claimed, to be marked as waiting for its key; once marked, only an instance holding the
 * key claims it again, so it is retried as soon as one does and not churned meanwhile.
 */
export function createRefreshClaimsRepository(deps: {
  db: Db;
  clock: Clock;
  marginMs: number;
  leaseMs: number;
  /** The key versions this instance holds now (the demo key file can gain some). */
  keyVersions: () => readonly string[];
}) {
  /** Leases the credential due soonest to this instance: across all teams, as a background job. */
  async function claim(): Promise<{ row: CredentialRow; lease: Date } | undefined> {
    return deps.db.transaction().execute(async (tx) => {
      const now = deps.clock();
      const row = await tx
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('refresh_token_enc', 'is not', null)
        .where('status', '<>', 'needs_reconnect')
        .where('expires_at', '<=', new Date(now.getTime() + deps.marginMs))
        .where((eb) => eb.or([eb('next_refresh_at', 'is', null), eb('next_refresh_at', '<=', now)]))
        .where((eb) =>
          eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', now)]),
        )
        .where((eb) =>
          eb.or([
            eb('key_version', 'in', [...deps.keyVersions()]),
            eb.and([
              eb('key_missing_since', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('server_key_rings')
                    .select(sql<number>`1`.as('one'))
                    .where(isLiveServer)
                    .where(
                      sql<boolean>`server_key_rings.key_versions @> jsonb_build_array(data_source_credentials.key_version)`,
                    ),
                ),
              ),
            ]),
          ]),
        )
        .orderBy('expires_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      const lease = new Date(now.getTime() + deps.leaseMs);
      await tx
        .updateTable('data_source_credentials')
        .set({ refresh_claimed_until: lease })
        .where('team_id', '=', row.team_id)
        .where('id', '=', row.id)
        .execute();
      return { row, lease };
    });
  }

  /**
   * Leases one credential of the team to this instance for a refresh needed now (a data
   * request about to use it), whatever its schedule; undefined while another instance holds
   * it (FOR UPDATE SKIP LOCKED, or a lease not yet lapsed).
   */
  async function claimOne(
    teamId: string,
    id: string,
  ): Promise<{ row: CredentialRow; lease: Date } | undefined> {
    return deps.db.transaction().execute(async (tx) => {
      const now = deps.clock();
      const row = await tx
        .selectFrom('data_source_credentials')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .where('refresh_token_enc', 'is not', null)
        .where((eb) =>
          eb.or([eb('refresh_claimed_until', 'is', null), eb('refresh_claimed_until', '<', now)]),
        )
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      const lease = new Date(now.getTime() + deps.leaseMs);
      await tx
        .updateTable('data_source_credentials')
        .set({ refresh_claimed_until: lease })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .execute();
      return { row, lease };
    });
  }

  /** Writes a result if this instance still holds the lease. */
  async function settle(
    row: CredentialRow,
    lease: Date,
    values: Updateable<DataSourceCredentialsTable>,
  ) {
    await deps.db
      .updateTable('data_source_credentials')
      .set({ ...values, refresh_claimed_until: null, updated_at: deps.clock() })
      .where('team_id', '=', row.team_id)
      .where('id', '=', row.id)
      .where('refresh_claimed_until', '=', lease)
      .execute();
  }

  /**
   * Gives a lease back unfinished (a server shutting down mid-refresh), so another instance
   * takes the credential at once instead of when the lease lapses.
   */
  async function release(row: CredentialRow, lease: Date) {
    await deps.db
      .updateTable('data_source_credentials')
      .set({ refresh_claimed_until: null })
      .where('team_id', '=', row.team_id)
      .where('id', '=', row.id)
      .where('refresh_claimed_until', '=', lease)
      .execute();
  }

  return { claim, claimOne, settle, release };
}
