import type { Person, ProfileUser, ResponseOf, Team } from '@gds/contract';
import type { ENDPOINTS } from '@gds/contract';
import type { SessionUserRow, TeamRow } from '../../db/schema.ts';
import type { RequestAuth, SessionUser } from '../../http/request-context.ts';
import { platformAdminOf } from '../../http/request-context.ts';
import { effectivePermissions } from './role-permissions.ts';

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

/** A user as every request sees them: with what their role grants, and their team. */
export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    image: row.image,
    teamId: row.team_id,
    teamUnit: row.team.business_unit,
    roleId: row.role_id,
    roleName: row.role_name,
    roleBuiltIn: row.built_in,
    permissions: effectivePermissions(row.built_in, row.permissions),
    team: row.team,
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

/** Someone the API names (who invited, who acted, who added what): named as screens show them. */
export function toPerson(row: {
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
}): Person {
  return {
    id: row.id,
    email: row.email,
    name: displayName({ name: row.name, firstName: row.first_name, lastName: row.last_name }),
  };
}

/** A team's users by id, as the screens name who added or deleted something. */
export type TeamPeople = ReadonlyMap<string, Person>;

export function toPeople(rows: Parameters<typeof toPerson>[0][]): TeamPeople {
  return new Map(rows.map((row) => [row.id, toPerson(row)]));
}

/** The profile's `admin` field: may this person use /admin, and are they acting as someone. */
export function toAdminInfo(auth: RequestAuth): ResponseOf<typeof ENDPOINTS.getTeamInfo>['admin'] {
  const admin = platformAdminOf(auth);
  if (!admin || auth.kind !== 'session') return { platformAdmin: false, switch: null };
  const ends = auth.session.switch_expires_at;
  return {
    platformAdmin: true,
    switch: ends ? { adminEmail: admin.email, expiresAt: ends.toISOString() } : null,
  };
}
