import type { ProfileUser, Team } from '@gds/contract';
import type { TeamRow } from '../../db/schema.ts';
import type { SessionUser } from './users.repository.ts';

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

/** Spec §3: if name is missing it is built from first and last name. */
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
