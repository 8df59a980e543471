import type { Invitation } from '@gds/contract';
import { displayName } from '../team/team.mappers.ts';
import type { InvitationView } from './invitations.repository.ts';

export type InvitationStatus = 'pending' | 'expired' | 'revoked' | 'accepted';

/** Where a link stands at `now`: only a pending one can be accepted (and holds a seat). */
export function statusOf(row: InvitationView, now: Date): InvitationStatus {
  if (row.revoked_at) return 'revoked';
  if (row.accepted_at) return 'accepted';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** Who sent it, as the page and the email name them ('' once they left the team). */
export function inviterName(row: InvitationView): string {
  if (!row.inviter_id) return '';
  const name = displayName({
    name: row.inviter_name ?? '',
    firstName: row.inviter_first_name ?? '',
    lastName: row.inviter_last_name ?? '',
  });
  return name || (row.inviter_email ?? '');
}

/** An open invitation as the Team screen lists it. */
export function toInvitation(row: InvitationView, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    roleId: row.role_id ?? '',
    roleName: row.role_name ?? '',
    invitedBy: row.inviter_id
      ? { id: row.inviter_id, name: inviterName(row), email: row.inviter_email ?? '' }
      : null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    status: statusOf(row, now) === 'pending' ? 'pending' : 'expired',
  };
}
