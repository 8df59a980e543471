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

/** Every row of the tables a tenant owns, for "nothing changed" comparisons. */
export async function snapshot(db: Db, teamId?: string) {
  const teams = db.selectFrom('teams').selectAll().orderBy('id');
  const users = db.selectFrom('users').selectAll().orderBy('id');
  const roles = db.selectFrom('roles').selectAll().orderBy('id');
  const logins = db.selectFrom('data_source_credentials').selectAll().orderBy('id');
  const accounts = db.selectFrom('data_source_accounts').selectAll().orderBy('id');
  return {
    teams: await (teamId ? teams.where('id', '=', teamId) : teams).execute(),
    users: await (teamId ? users.where('team_id', '=', teamId) : users).execute(),
    roles: await (teamId ? roles.where('team_id', '=', teamId) : roles).execute(),
    credentials: await (teamId ? logins.where('team_id', '=', teamId) : logins).execute(),
    accounts: await (teamId ? accounts.where('team_id', '=', teamId) : accounts).execute(),
    audit: await db
      .selectFrom('audit_log')
      .selectAll()
      .$if(teamId !== undefined, (q) => q.where('team_id', '=', teamId ?? ''))
      .orderBy('id')
      .execute(),
  };
}
