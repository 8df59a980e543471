import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * SQL of `npm run seed:history`: writes a year of made-up usage for one team of a demo
 * database. Never used by the server.
 */
export function createSeedHistoryRepository(db: Db) {
  return {
    async backdateTeam(teamId: string, createdAt: Date) {
      // created_at is written once by the database; only a seed moves it.
      await sql`UPDATE teams SET created_at = ${createdAt} WHERE id = ${teamId}`.execute(db);
    },

    /** A login whose token columns hold placeholders: nothing decrypts or refreshes them. */
    async insertLogin(teamId: string, connectorId: number, name: string, refreshedAt: Date) {
      const id = randomUUID();
      await db
        .insertInto('data_source_credentials')
        .values({
          id,
          team_id: teamId,
          connector_id: connectorId,
          external_user_id: `seed-${name}`,
          display_name: name,
          access_token_enc: 'seeded',
          key_version: 'seeded',
          expires_at: null,
          created_by: null,
          last_refreshed_at: refreshedAt,
          next_refresh_at: null,
          refresh_claimed_until: null,
          key_missing_since: null,
        })
        .execute();
      return id;
    },

    async insertAccount(row: {
      teamId: string;
      credentialId: string;
      connectorId: number;
      name: string;
      addedAt: Date;
      deletedAt: Date | null;
    }) {
      const inserted = await db
        .insertInto('data_source_accounts')
        .values({
          team_id: row.teamId,
          credential_id: row.credentialId,
          connector_id: row.connectorId,
          external_id: randomUUID(),
          name: row.name,
          added_by: null,
          added_at: row.addedAt,
          deleted_at: row.deletedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async insertUsageDays(
      rows: ReadonlyArray<{
        team_id: string;
        day: string;
        accounts_used: number;
        account_limit: number;
        users_used: number;
        user_limit: number;
      }>,
    ) {
      if (rows.length === 0) return;
      await db
        .insertInto('team_usage_days')
        .values([...rows])
        .onConflict((oc) => oc.columns(['team_id', 'day']).doNothing())
        .execute();
    },

    async insertDataRequests(
      rows: ReadonlyArray<{
        team_id: string;
        connector_id: number;
        account_id: string;
        requested_at: Date;
        row_count: number;
        duration_ms: number;
        outcome: 'done' | 'cached' | 'failed';
        failure_reason: string | null;
      }>,
    ) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('data_requests')
          .values(rows.slice(i, i + 500).map((row) => ({ ...row, user_id: null, job_id: null })))
          .execute();
      }
    },

    async teamOf(userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('teams as t', 't.id', 'u.team_id')
        .select(['t.id', 't.account_limit', 't.user_limit'])
        .where('u.id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    /** Whether the team already has seeded history (the script runs once per team). */
    async hasHistory(teamId: string) {
      const row = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM team_usage_days WHERE team_id = ${teamId}`.execute(db);
      return (row.rows[0]?.n ?? 0) > 0;
    },
  };
}
