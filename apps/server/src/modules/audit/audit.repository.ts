import type { ActivityAction } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';

/** One row of the append-only audit log as it is written. */
export interface AuditEntry {
  teamId: string;
  /** Who did it (null: the system, e.g. a background refresh). */
  actorUserId: string | null;
  /**
   * Set when a platform admin acted as the actor: both identities are kept. recordAudit
   * fills it from the request's switched session when the caller leaves it out.
   */
  actingAdminId?: string | null;
  /** One of the contract's ACTIVITY_ACTIONS: a new action is named there before it is written. */
  action: ActivityAction;
  details: Record<string, unknown>;
}

/** One entry appended: every change a person makes writes one, in the change's transaction. */
const INSERT = namedStatement(
  'audit_insert',
  (
    db: Db,
    v: {
      teamId: string;
      actorUserId: string | null;
      actingAdminId: string | null;
      action: ActivityAction;
      details: string;
    },
  ) =>
    db
      .insertInto('audit_log')
      .values({
        team_id: v.teamId,
        actor_user_id: v.actorUserId,
        acting_admin_id: v.actingAdminId,
        action: v.action,
        details: v.details,
      })
      .compile(),
);

/** SQL for the audit log. Rows are only ever inserted; a trigger refuses updates and deletes. */
export function createAuditRepository(db: Db) {
  return {
    async insert(entry: AuditEntry): Promise<void> {
      await INSERT(db, {
        teamId: entry.teamId,
        actorUserId: entry.actorUserId,
        actingAdminId: entry.actingAdminId ?? null,
        action: entry.action,
        details: JSON.stringify(entry.details),
      });
    },
  };
}
