import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../src/config/paths.ts';
import { tempDir } from '../helpers/test-app.ts';

const OLD_ADMIN = {
  edit_team: true,
  manage_members: true,
  manage_roles: false,
  manage_data_sources: true,
  edit_billing: false,
};

it('teams made before team management get built-in roles and the new permissions as the defaults give them', async () => {
  // The database as it was: every migration before team management.
  const before = tempDir();
  for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < '0007')) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
  }
  const db = createDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await migrate(db, before);
    const team = await db
      .insertInto('teams')
      .values({
        business_unit: 'MEGALYTIC_GDS',
        name: 'Old team',
        plan_id: 'basic-plan',
        user_limit: 5,
        account_limit: 20,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roles = [
      ['Super Admin', { ...OLD_ADMIN, manage_roles: true, edit_billing: true }],
      ['Admin', OLD_ADMIN],
      // A team that had already decided on a new permission keeps its choice.
      ['Member', { manage_data_sources: true, view_stats: false }],
      ['Reporter', { manage_data_sources: false }],
    ] as const;
    for (const [name, permissions] of roles) {
      await db
        .insertInto('roles')
        .values({ team_id: team.id, name, permissions: JSON.stringify(permissions) })
        .execute();
    }
    const owner = await db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Super Admin')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        business_unit: 'MEGALYTIC_GDS',
        email: 'old@example.com',
        team_id: team.id,
        role_id: owner.id,
      })
      .execute();

    // Team management and every migration after it apply to the old database.
    const later = fs.readdirSync(MIGRATIONS_DIR).filter((n) => n >= '0007');
    expect(later[0]).toBe('0007_team_management.sql');
    expect(await migrate(db)).toEqual(later);

    const after = await db
      .selectFrom('roles')
      .select(['name', 'built_in', 'permissions'])
      .orderBy('name')
      .execute();
    expect(after).toEqual([
      {
        name: 'Admin',
        built_in: 'admin',
        permissions: { ...OLD_ADMIN, view_stats: true, view_activity: true },
      },
      {
        name: 'Member',
        built_in: null,
        permissions: { manage_data_sources: true, view_stats: false, view_activity: false },
      },
      { name: 'Reporter', built_in: null, permissions: { manage_data_sources: false } },
      {
        name: 'Super Admin',
        built_in: 'super_admin',
        permissions: { ...OLD_ADMIN, manage_roles: true, edit_billing: true },
      },
    ]);
    const user = await db
      .selectFrom('users')
      .select(['created_at', 'joined_at'])
      .executeTakeFirstOrThrow();
    expect(user.joined_at).toEqual(user.created_at);
  } finally {
    await db.destroy();
  }
});
