import type { Db } from '../../db/database.ts';

/** SQL for the mail a member chooses to receive. Every statement names the team. */
export function createMailPreferencesRepository(db: Db) {
  return {
    async credentialDigest(teamId: string, userId: string): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('users')
        .select('credential_digest')
        .where('team_id', '=', teamId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.credential_digest;
    },

    async setCredentialDigest(teamId: string, userId: string, on: boolean): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ credential_digest: on })
        .where('team_id', '=', teamId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The team's members who take the digest, with their role. */
    digestReaders(teamId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('roles as r', (join) =>
          join.onRef('r.id', '=', 'u.role_id').onRef('r.team_id', '=', 'u.team_id'),
        )
        .select(['u.email', 'r.built_in', 'r.permissions'])
        .where('u.team_id', '=', teamId)
        .where('u.credential_digest', '=', true)
        .orderBy('u.email')
        .execute();
    },
  };
}
