import { isOnTrial } from '@gds/contract';
import type { SubscriptionStatus } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { TeamPlanStatus, TeamRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createTeamRepository } from './team.repository.ts';
import type { TeamPlan } from './team.repository.ts';

export type { TeamPlan };

/**
 * What a team's plan allows, for the modules that enforce it. Each takes the caller's
 * database handle: pass the transaction of the change, so the check and the change agree.
 * Billing writes the plan (writeTeamPlan) in the same transaction as its subscription copy,
 * so every check here reads what the team has bought.
 */

/** The add-on modules a team owns (none for a signed-out caller). */
export async function teamAddons(db: Db, teamId: string | null): Promise<ReadonlySet<string>> {
  return new Set(teamId ? await createTeamRepository(db).addons(teamId) : []);
}

/** The add-on modules of a team row already read (the request's own, with its session). */
export function addonsOf(team: Pick<TeamRow, 'addons'> | null): ReadonlySet<string> {
  const addons: unknown = team?.addons;
  return new Set(Array.isArray(addons) ? addons.filter((a) => typeof a === 'string') : []);
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

/** The status as of `now`: a trial past its end is expired, whatever the row still says. */
export function effectivePlanStatus(
  status: TeamPlanStatus,
  trialEndsAt: Date | null,
  now: Date,
): SubscriptionStatus {
  if (isOnTrial(status) && trialEndsAt && trialEndsAt.getTime() <= now.getTime()) {
    return 'trial_expired';
  }
  return status;
}

/** Whether a team in this status may add connections and members. */
export function statusAllowsGrowth(status: SubscriptionStatus): boolean {
  return status !== 'trial_expired' && status !== 'cancelled';
}

/** The team's plan status as of `now` (trial expiry applied). */
export async function teamPlanStatus(db: Db, teamId: string, now: Date) {
  const row = await createTeamRepository(db).planState(teamId);
  return row ? effectivePlanStatus(row.plan_status, row.trial_ends_at, now) : 'cancelled';
}

/** What the team is trying to add: new data-source connections, or members. */
export type Growth = 'connect' | 'invite';

const GROWTH_WORDS: Record<Growth, string> = {
  connect: 'connect more accounts',
  invite: 'invite more members',
};

/**
 * Refuses growth after a trial ends or a cancellation takes effect, with the way back to
 * Billing. Nothing already connected or joined is touched: existing accounts keep working.
 */
export async function assertTeamCanGrow(
  db: Db,
  teamId: string,
  now: Date,
  growth: Growth,
): Promise<void> {
  const status = await teamPlanStatus(db, teamId, now);
  if (statusAllowsGrowth(status)) return;
  const what =
    status === 'trial_expired' ? 'Your trial has ended.' : 'Your subscription has ended.';
  throw new AppError(
    'SUBSCRIPTION_INACTIVE',
    `${what} Choose a plan in Billing to ${GROWTH_WORDS[growth]}.`,
  );
}

/**
 * Writes what the team bought (limits, connector add-ons, status, trial end). Billing calls it
 * in the transaction that stores its subscription copy, so the two never disagree.
 */
export function writeTeamPlan(tx: Db, teamId: string, plan: TeamPlan): Promise<void> {
  return createTeamRepository(tx).writePlan(teamId, plan);
}
