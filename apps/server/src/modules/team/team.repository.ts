import type { BusinessUnit, PermissionMap } from '@gds/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';
import type { BuiltInRole, TeamPlanStatus, TeamRow } from '../../db/schema.ts';
import { auditInsertOf } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';

/** A team's plan as billing writes it and every limit check reads it. */
export interface TeamPlan {
  planId: string;
  userLimit: number;
  accountLimit: number;
  /** Connector add-ons owned (connector nameSimple). */
  addons: string[];
  status: TeamPlanStatus;
  trialEndsAt: Date | null;
}

/** The rename of the Team screen's form with its audit entry (see the repository's rename). */
const RENAME = namedStatement('team_rename', (db: Db, v: { name: string } & AuditActor) =>
  db
    .with('before', (qb) =>
      qb.selectFrom('teams').select(['id', 'name']).where('id', '=', v.teamId).forUpdate(),
    )
    .with('changed', (qb) =>
      qb
        .updateTable('teams')
        .from('before')
        .set({ name: v.name })
        .where('teams.id', '=', v.teamId)
        .whereRef('teams.id', '=', 'before.id')
        .returningAll('teams')
        .returning('before.name as previous_name'),
    )
    .with('logged', (qb) =>
      auditInsertOf(
        qb,
        'changed',
        v,
        sql`jsonb_build_object('from', changed.previous_name, 'to', ${v.name}::text)`,
      ),
    )
    .selectFrom('changed')
    .selectAll()
    .compile(),
);

/**
 * SQL for teams and their roles: the one place the teams table is read or written. Every
 * statement names the team id.
 */
export function createTeamRepository(db: Db) {
  return {
    findById(teamId: string): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
    },

    async addons(teamId: string): Promise<string[]> {
      const row = await db
        .selectFrom('teams')
        .select('addons')
        .where('id', '=', teamId)
        .executeTakeFirst();
      return Array.isArray(row?.addons) ? row.addons.filter((a) => typeof a === 'string') : [];
    },

    async accountLimit(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select('account_limit')
        .where('id', '=', teamId)
        .executeTakeFirst();
      return row?.account_limit ?? 0;
    },

    /** The plan's account limit, with the team row locked until the transaction ends. */
    async lockAccountLimit(teamId: string): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select('account_limit')
        .where('id', '=', teamId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return row.account_limit;
    },

    /** The plan's status and trial end, as every growth check reads them. */
    planState(teamId: string) {
      return db
        .selectFrom('teams')
        .select(['business_unit', 'plan_status', 'trial_ends_at'])
        .where('id', '=', teamId)
        .executeTakeFirst();
    },

    /** Writes the plan billing bought: limits, connector add-ons, status and trial end. */
    async writePlan(teamId: string, plan: TeamPlan): Promise<void> {
      await db
        .updateTable('teams')
        .set({
          plan_id: plan.planId,
          user_limit: plan.userLimit,
          account_limit: plan.accountLimit,
          addons: JSON.stringify(plan.addons),
          plan_status: plan.status,
          trial_ends_at: plan.trialEndsAt,
        })
        .where('id', '=', teamId)
        .execute();
    },

    /**
     * Renames the team; answers the row and the name it replaced. The replaced name is read
     * under the row's lock in the same statement, so of two renames at once each records the
     * name it really replaced (a read before the update could see one about to change).
     */
    async rename(
      name: string,
      actor: AuditActor,
    ): Promise<(TeamRow & { previous_name: string }) | undefined> {
      return (await RENAME(db, { ...actor, name }))[0];
    },

    async insertTeam(team: {
      unit: BusinessUnit;
      name: string;
      planId: string;
      userLimit: number;
      accountLimit: number;
      partnerKey: string | null;
      trialEndsAt: Date;
    }): Promise<TeamRow> {
      return db
        .insertInto('teams')
        .values({
          business_unit: team.unit,
          name: team.name,
          plan_id: team.planId,
          user_limit: team.userLimit,
          account_limit: team.accountLimit,
          referral_partner_key: team.partnerKey,
          plan_status: 'in_trial',
          trial_ends_at: team.trialEndsAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertRole(
      teamId: string,
      name: string,
      permissions: PermissionMap,
      builtIn: BuiltInRole | null = null,
    ): Promise<string> {
      const row = await db
        .insertInto('roles')
        .values({
          team_id: teamId,
          name,
          permissions: JSON.stringify(permissions),
          built_in: builtIn,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The team row, locked until the transaction ends: changes to a team's membership (joins,
     * invitations, role changes, removals) queue per team, so seat and Super Admin counts
     * cannot be raced past.
     */
    lockTeam(teamId: string): Promise<TeamRow | undefined> {
      return db
        .selectFrom('teams')
        .selectAll()
        .where('id', '=', teamId)
        .forUpdate()
        .executeTakeFirst();
    },
  };
}
