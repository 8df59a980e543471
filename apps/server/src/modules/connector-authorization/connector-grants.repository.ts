import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';

/** Live grants with the member who gave each, when that person is still in the team. */
const withUser = (db: Db) =>
  db
    .selectFrom('connector_grants as g')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'g.user_id').onRef('u.team_id', '=', 'g.team_id'),
    )
    .select([
      'g.grant_id',
      'g.team_id',
      'g.user_id',
      'g.client_id',
      'g.created_at',
      'g.last_used_at',
      'u.id as member_id',
      'u.email',
      'u.name',
      'u.first_name',
      'u.last_name',
    ])
    .where('g.revoked_at', 'is', null);

/** One live grant of the team: every data API call checks its grant here. */
const LIVE = namedStatement(
  'connector_grant_live',
  (db: Db, v: { teamId: string; grantId: string }) =>
    withUser(db).where('g.team_id', '=', v.teamId).where('g.grant_id', '=', v.grantId).compile(),
);

/** SQL of connector grants. Every statement names the team. */
export function createConnectorGrantsRepository(db: Db) {
  return {
    async insert(row: { grantId: string; teamId: string; userId: string; clientId: string }) {
      await db
        .insertInto('connector_grants')
        .values({
          grant_id: row.grantId,
          team_id: row.teamId,
          user_id: row.userId,
          client_id: row.clientId,
        })
        .execute();
    },

    /**
     * The team's grants that can still act, newest first, with the member who gave each (if
     * still in it): live, and holding a code, access token or refresh token still usable at
     * `now` (one unused for months, or whose code was never redeemed, has none).
     */
    listActive(teamId: string, now: Date) {
      return withUser(db)
        .where('g.team_id', '=', teamId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('oauth_artifacts as a')
              .select('a.model')
              .whereRef('a.grant_id', '=', 'g.grant_id')
              .where('a.model', 'in', ['AuthorizationCode', 'AccessToken', 'RefreshToken'])
              .where('a.consumed_at', 'is', null)
              .where((w) => w.or([w('a.expires_at', 'is', null), w('a.expires_at', '>', now)])),
          ),
        )
        .orderBy('g.created_at', 'desc')
        .orderBy('g.grant_id')
        .execute();
    },

    /** One live grant of the team, with its member when that person is still in the team. */
    async findLive(teamId: string, grantId: string) {
      return (await LIVE(db, { teamId, grantId }))[0];
    },

    /** Marks it revoked; answers whether it was live. */
    async revoke(teamId: string, grantId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('connector_grants')
        .set({ revoked_at: at })
        .where('team_id', '=', teamId)
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks every live grant one member gave in the team revoked; answers their ids. */
    async revokeAllOf(teamId: string, userId: string, at: Date): Promise<string[]> {
      const rows = await db
        .updateTable('connector_grants')
        .set({ revoked_at: at })
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('grant_id')
        .execute();
      return rows.map((row) => row.grant_id);
    },

    async touch(teamId: string, grantId: string, at: Date) {
      await db
        .updateTable('connector_grants')
        .set({ last_used_at: at })
        .where('team_id', '=', teamId)
        .where('grant_id', '=', grantId)
        .execute();
    },
  };
}

export type GrantView = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createConnectorGrantsRepository>['findLive']>>
>;
