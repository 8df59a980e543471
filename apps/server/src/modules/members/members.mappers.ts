import type { TeamUser } from '@gds/contract';
import { displayName } from '../team/team.mappers.ts';
import type { MemberRow } from './members.repository.ts';

/** A member row → the contract's members-list row (nothing else leaves the server). */
export function toTeamUser(row: MemberRow): TeamUser {
  return {
    id: row.id,
    email: row.email,
    name: displayName({ name: row.name, firstName: row.first_name, lastName: row.last_name }),
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name}${row.last_name}`,
    image: row.image,
    roleId: row.role_id,
    roleName: row.role_name,
    joinedAt: row.joined_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    lastActiveAt: row.last_active_at ? row.last_active_at.toISOString() : null,
    credentialCount: row.credential_count ?? 0,
  };
}
