import type { Db } from '../../db/database.ts';
import { createTeamRepository } from './team.repository.ts';

/**
 * What a team's plan allows, for the modules that enforce it. Each takes the caller's
 * database handle: pass the transaction of the change, so the check and the change agree.
 */

/** The add-on modules a team owns (none for a signed-out caller). */
export async function teamAddons(db: Db, teamId: string | null): Promise<ReadonlySet<string>> {
  return new Set(teamId ? await createTeamRepository(db).addons(teamId) : []);
}

export function accountLimit(db: Db, teamId: string): Promise<number> {
  return createTeamRepository(db).accountLimit(teamId);
}

/**
 * The account limit, with the team row locked until the transaction ends: connects and
 * restores of one team queue here, so two of them cannot both take the last place.
 */
export function lockAccountLimit(tx: Db, teamId: string): Promise<number> {
  return createTeamRepository(tx).lockAccountLimit(teamId);
}
