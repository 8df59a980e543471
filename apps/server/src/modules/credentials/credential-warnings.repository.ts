import type { Db } from '../../db/database.ts';
import type { CredentialEventKind } from '../../db/schema.ts';

/** The happenings the email digest tells: a login about to expire, failed or revoked. */
export const DIGESTED_KINDS: readonly CredentialEventKind[] = [
  'expiring_soon',
  'expiring_today',
  'failed',
  'revoked',
];

/** SQL for the expiry warnings and the digest of credential happenings. */
export function createCredentialWarningsRepository(db: Db) {
  return {
    /**
     * Working credentials forecast to expire after `from` and by `until`, across all teams on
     * purpose: background work that records the warnings of every team.
     */
    expiringBetween(from: Date, until: Date, limit: number) {
      return db
        .selectFrom('data_source_credentials')
        .select(['team_id', 'id', 'refresh_expires_at', 'refresh_expires_source'])
        .where('status', '=', 'connected')
        .where('refresh_expires_at', '>', from)
        .where('refresh_expires_at', '<=', until)
        .orderBy('refresh_expires_at')
        .limit(limit)
        .execute();
    },

    /**
     * Takes the happenings no digest has told yet, across all teams on purpose (background
     * work), marking them told in the same statement: rows another instance is taking are
     * skipped, so each is taken once however many instances run.
     */
    claimUndigested(now: Date, limit: number) {
      return db
        .updateTable('credential_events')
        .set({ digested_at: now })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('credential_events')
            .select('id')
            .where('digested_at', 'is', null)
            .where('kind', 'in', DIGESTED_KINDS)
            .orderBy('occurred_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'team_id', 'credential_id', 'kind', 'details', 'occurred_at'])
        .execute();
    },

    /** Gives taken happenings back untold (no digest of the team went out): the next run tries. */
    async release(teamId: string, ids: readonly string[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('credential_events')
        .set({ digested_at: null })
        .where('team_id', '=', teamId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The team's credentials by id, as the digest names them. */
    credentialsOf(teamId: string, ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('data_source_credentials')
        .select(['id', 'connector_id', 'display_name', 'status_reason', 'refresh_expires_at'])
        .where('team_id', '=', teamId)
        .where('id', 'in', ids)
        .execute();
    },
  };
}
