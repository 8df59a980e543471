import type { Permission } from '@gds/contract';
import { PERMISSIONS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';

/** Adds a user to a team directly (invitations come later); they then sign in as usual. */
export async function addMember(db: Db, teamId: string, email: string, roleName = 'Member') {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('team_id', '=', teamId)
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  const team = await db
    .selectFrom('teams')
    .select('business_unit')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('users')
    .values({
      business_unit: team.business_unit,
      email,
      team_id: teamId,
      role_id: role.id,
      first_name: 'Mem',
      last_name: 'Ber',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Gives a user a role of their team holding every permission except `without`. */
export async function setPermissionsExcept(db: Db, userId: string, without: readonly Permission[]) {
  const user = await db
    .selectFrom('users')
    .select('team_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, !without.includes(p)]));
  const name = `Without ${without.join('+') || 'nothing'}`;
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('team_id', '=', user.team_id)
    .where('name', '=', name)
    .executeTakeFirst();
  const roleId =
    existing?.id ??
    (
      await db
        .insertInto('roles')
        .values({ team_id: user.team_id, name, permissions: JSON.stringify(permissions) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await db.updateTable('users').set({ role_id: roleId }).where('id', '=', userId).execute();
}
