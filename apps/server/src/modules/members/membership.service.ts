import type { Db } from '../../db/database.ts';
import { createMembersRepository } from './members.repository.ts';

/**
 * What other modules (invitations) ask about a team's members. Each takes the caller's
 * database handle: pass the transaction of the change, so the check and the change agree.
 */

/**
 * Seats in use: members, and invitations still pending at `now` (each holds a seat until it
 * is accepted, revoked or expires).
 */
export function seatsInUse(db: Db, teamId: string, now: Date) {
  return createMembersRepository(db).seats(teamId, now);
}

/** The team's member with this email, whatever its case. */
export function findMemberByEmail(db: Db, teamId: string, email: string) {
  return createMembersRepository(db).findByEmail(teamId, email);
}

/** How many members the team has. */
export function memberCount(db: Db, teamId: string): Promise<number> {
  return createMembersRepository(db).count(teamId);
}

/** The team's Super Admins, longest-standing first. */
export function superAdminsOf(db: Db, teamId: string) {
  return createMembersRepository(db).superAdmins(teamId);
}

/** How many data-source logins the member authorised in the team. */
export function credentialCountOf(db: Db, teamId: string, userId: string): Promise<number> {
  return createMembersRepository(db).countCredentials(teamId, userId);
}

/** Moves a member of `fromTeamId` into another team with a role of that team, in `tx`. */
export function moveMember(
  tx: Db,
  fromTeamId: string,
  userId: string,
  to: { teamId: string; roleId: string; now: Date },
): Promise<void> {
  return createMembersRepository(tx).move(fromTeamId, userId, to);
}
