import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { seatsInUse } from '../members/membership.service.ts';
import { lockTeam } from '../team/team.service.ts';
import type { InvitationStatus } from './invitations.mappers.ts';

/** What people are told about invitations, in one place. */
export const INVITATION_MESSAGES = {
  planFull: (used: number, limit: number) =>
    `Your plan has ${used} of ${limit} users. Add users in Billing, or remove a member or a pending invitation.`,
  teamFull: (teamName: string) =>
    `${teamName} has no free seat on its plan right now. Ask the person who invited you to add users in Billing, then try again.`,
  alreadyMember: (email: string) => `${email} is already a member of your team.`,
  alreadyInvited: (email: string) =>
    `${email} already has a pending invitation. Resend it if they need a new link.`,
  youAreMember: (teamName: string) => `You are already a member of ${teamName}.`,
  grantMore: 'You can only invite people with a role whose permissions you hold yourself.',
  notForYou:
    'This invitation was not found for the account you are signed in with. Sign out, then sign in with the address it was sent to.',
  signedInAsOther: (invited: string, signedIn: string) =>
    `This invitation was sent to ${invited}, but you signed in as ${signedIn}. Sign in with ${invited} to accept it.`,
  unknownLink:
    'This invitation link is not valid. Ask for a new invitation, or sign in without the link.',
  lastSuperAdmin: (teamName: string) =>
    `You are the only Super Admin of ${teamName}, which has other members. Make someone else Super Admin there first, then accept.`,
  dead: (status: Exclude<InvitationStatus, 'pending'>, inviter: string) =>
    status === 'expired'
      ? `This invitation has expired. Ask ${inviter || 'the team'} to send a new one.`
      : status === 'revoked'
        ? `This invitation was withdrawn. Ask ${inviter || 'the team'} for a new one if you still need to join.`
        : 'This invitation has already been used.',
} as const;

/**
 * Locks the team and refuses when `adding` more seats would pass the plan's user limit:
 * members plus pending invitations never exceed it, so no email promises a seat that is not
 * there. Answers the locked team.
 */
export async function lockSeats(
  tx: Db,
  deps: { clock: Clock },
  teamId: string,
  adding: number,
  refuse: (used: number, limit: number) => AppError = (used, limit) =>
    new AppError('PLAN_LIMIT', INVITATION_MESSAGES.planFull(used, limit)),
) {
  const team = await lockTeam(tx, teamId);
  if (!team) throw notFound('The team');
  const seats = await seatsInUse(tx, teamId, deps.clock());
  const used = seats.members + seats.pending;
  if (used + adding > team.user_limit) throw refuse(used, team.user_limit);
  return team;
}
