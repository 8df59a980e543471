import { DEFAULT_PLAN_BY_UNIT, DEFAULT_ROLES, PLAN_OPTIONS, SUPER_ADMIN_ROLE } from '@gds/contract';
import type { BusinessUnit, ProfileUser, Team } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import type { TeamRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { BUILT_IN_BY_NAME } from './role-permissions.ts';
import { toPeople, toProfileUser, toSessionUser, toTeam } from './team.mappers.ts';
import type { TeamPeople } from './team.mappers.ts';
import { createTeamRepository } from './team.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';

/** Identity claims a sign-in brings (already verified by the identity provider). */
export interface SignInIdentity {
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  image: string;
}

/** A new team's trial when the deployment does not say (TRIAL_DAYS). */
export const DEFAULT_TRIAL_DAYS = 14;

export function createTeamService(deps: { db: Db; clock: Clock; trialDays?: number }) {
  const trialDays = deps.trialDays ?? DEFAULT_TRIAL_DAYS;
  const users = createUsersRepository(deps.db);

  return {
    /** A user as a session would read them (sign-in, admin switch), or undefined. */
    findSessionUser: async (userId: string): Promise<SessionUser | undefined> => {
      const row = await users.findSessionUser(userId);
      return row && toSessionUser(row);
    },

    /** The caller's team and profile, as read with the session: no further query. */
    getInfo(user: SessionUser): { team: Team; user: ProfileUser } {
      return { team: toTeam(user.team), user: toProfileUser(user) };
    },

    /** Renames the caller's team and records who did it, in one transaction. */
    async rename(user: SessionUser, name: string): Promise<{ team: Team }> {
      // The rename and its audit entry are one statement: one round trip, both or neither.
      const renamed = await createTeamRepository(deps.db).rename(
        name,
        auditActor({ teamId: user.teamId, actorUserId: user.id, action: 'team.rename' }),
      );
      if (!renamed) throw notFound('The team');
      const { previous_name: _from, ...row } = renamed;
      return { team: toTeam(row) };
    },

    /**
     * Sign-in: finds the user of this unit by email, or creates them: by `createNew` when the
     * sign-in says how (joining by invitation), else with a new team of the unit (default
     * roles, the skin's plan limits, Super Admin). Answers the user id and whether it is new.
     */
    async provisionUser(
      unit: BusinessUnit,
      identity: SignInIdentity,
      partnerKey: string | null,
      createNew?: (tx: Db, now: Date) => Promise<string>,
    ): Promise<{ userId: string; created: boolean }> {
      const now = deps.clock();
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await deps.db.transaction().execute(async (tx) => {
            const txUsers = createUsersRepository(tx);
            const existing = await txUsers.findIdByEmail(unit, identity.email);
            if (existing) {
              await txUsers.recordSignIn(
                { id: existing.id, teamId: existing.team_id },
                identity,
                now,
              );
              return { userId: existing.id, created: false };
            }
            const userId = createNew
              ? await createNew(tx, now)
              : await createOwner(tx, { unit, identity, partnerKey, now, trialDays });
            return { userId, created: true };
          });
        } catch (error) {
          // Two first sign-ins racing: the loser's insert hits the unique index; retry finds it.
          if (attempt < 2 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },
  };
}

/**
 * A new team: default roles, the signing-in person as Super Admin, and a trial of the unit's
 * default plan with the skin's included quantities (the billing provider hears of the team at
 * its first checkout).
 */
async function createOwner(
  tx: Db,
  input: {
    unit: BusinessUnit;
    identity: SignInIdentity;
    partnerKey: string | null;
    now: Date;
    trialDays: number;
  },
): Promise<string> {
  const { unit, identity, partnerKey, now } = input;
  const repo = createTeamRepository(tx);
  const team = await repo.insertTeam({
    unit,
    name: defaultTeamName(identity),
    planId: DEFAULT_PLAN_BY_UNIT[unit],
    userLimit: PLAN_OPTIONS[unit].users.default,
    accountLimit: PLAN_OPTIONS[unit].accounts.default,
    partnerKey,
    trialEndsAt: new Date(now.getTime() + input.trialDays * 24 * 60 * 60 * 1000),
  });
  let ownerRoleId: string | undefined;
  for (const role of DEFAULT_ROLES) {
    const builtIn = BUILT_IN_BY_NAME[role.name] ?? null;
    const id = await repo.insertRole(team.id, role.name, role.permissions, builtIn);
    if (role.name === SUPER_ADMIN_ROLE) ownerRoleId = id;
  }
  if (!ownerRoleId) throw new AppError('INTERNAL', 'The default roles have no Super Admin.');
  const userId = await createUsersRepository(tx).insert({
    unit,
    teamId: team.id,
    roleId: ownerRoleId,
    identity,
    now,
  });
  await recordAudit(tx, {
    teamId: team.id,
    actorUserId: userId,
    action: 'team.create',
    details: {},
  });
  return userId;
}

/** The team's users by id, named as the screens show them (who added or deleted what). */
export async function teamPeople(db: Db, teamId: string): Promise<TeamPeople> {
  return toPeople(await createUsersRepository(db).people(teamId));
}

/** The team row (name, plan limits), or undefined for an unknown id. */
export function findTeam(db: Db, teamId: string): Promise<TeamRow | undefined> {
  return createTeamRepository(db).findById(teamId);
}

/**
 * The team row, locked until the caller's transaction ends: changes to a team's membership
 * (joins, invitations, role changes, removals) queue per team, so seat and Super Admin counts
 * cannot be raced past.
 */
export function lockTeam(tx: Db, teamId: string): Promise<TeamRow | undefined> {
  return createTeamRepository(tx).lockTeam(teamId);
}

/** A person joining an existing team (by invitation) with one of its roles, in `tx`. */
export function addUser(
  tx: Db,
  user: { unit: BusinessUnit; teamId: string; roleId: string; identity: SignInIdentity; now: Date },
): Promise<string> {
  return createUsersRepository(tx).insert(user);
}

/** "{First name}'s team", else from the email's local part. */
export function defaultTeamName(identity: Pick<SignInIdentity, 'email' | 'firstName'>): string {
  const first = identity.firstName.trim();
  const base = first || identity.email.split('@')[0] || 'My';
  return `${base}'s team`.slice(0, 80);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export type TeamService = ReturnType<typeof createTeamService>;
