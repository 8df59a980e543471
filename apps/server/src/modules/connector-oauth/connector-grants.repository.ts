import type { Db } from '../../db/database.ts';
import { runNamed } from '../../db/prepared-statements.ts';

/** SQL of connector grants. Every statement names the team. */
export function createConnectorGrantsRepository(db: Db) {
  const withUser = () =>
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

    /** The team's live grants, newest first, with the member who gave each (if still in it). */
    listLive(teamId: string) {
      return withUser()
        .where('g.team_id', '=', teamId)
        .orderBy('g.created_at', 'desc')
        .orderBy('g.grant_id')
        .execute();
    },

    /** One live grant of the team, with its member when that person is still in the team. */
    async findLive(teamId: string, grantId: string) {
      // Every data API call checks its grant: planned once per connection.
      const query = withUser()
        .where('g.team_id', '=', teamId)
        .where('g.grant_id', '=', grantId)
        .compile();
      return (await runNamed(db, 'connector_grant_live', query))[0];
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
