import type { Db } from '../../db/database.ts';

/** SQL for data sources; tenant reads name the team id. */
export function createDataSourcesRepository(db: Db) {
  return {
    async teamAddons(teamId: string): Promise<string[]> {
      const row = await db
        .selectFrom('teams')
        .select('addons')
        .where('id', '=', teamId)
        .executeTakeFirst();
      return Array.isArray(row?.addons) ? row.addons.filter((a) => typeof a === 'string') : [];
    },
  };
}
