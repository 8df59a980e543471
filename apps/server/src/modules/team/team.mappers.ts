import type { Account, ProfileUser, Team, TeamUser } from '@gds/contract';
import type { TeamRow } from '../../db/schema.ts';
import type { SessionUser } from '../../http/request-context.ts';
import type { UsersRepository } from './users.repository.ts';

/** Database rows → the contract's response shapes (nothing else leaves the server). */

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    businessUnit: row.business_unit,
    planId: row.plan_id,
    userLimit: row.user_limit,
    accountLimit: row.account_limit,
  };
}

/** A user without a name is shown by first and last name. */
export function displayName(user: { name: string; firstName: string; lastName: string }): string {
  return user.name.trim() || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export function toProfileUser(user: SessionUser): ProfileUser {
  return {
    id: user.id,
    email: user.email,
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.image,
    roleId: user.roleId,
    roleName: user.roleName,
    permissions: user.permissions,
  };
}

type TeamUserRow = Awaited<ReturnType<UsersRepository['listByTeam']>>[number];
type PersonRow = Awaited<ReturnType<UsersRepository['people']>>[number];

/** A team's users by id, as the screens name who added or deleted something. */
export type TeamPeople = ReadonlyMap<string, NonNullable<Account['addedBy']>>;

export function toPeople(rows: readonly PersonRow[]): TeamPeople {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: displayName({ name: row.name, firstName: row.first_name, lastName: row.last_name }),
        email: row.email,
      },
    ]),
  );
}

export function toTeamUser(row: TeamUserRow): TeamUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    image: row.image,
    roleId: row.role_id,
    roleName: row.role_name,
    joinedAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}
