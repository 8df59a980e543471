import { sql } from 'kysely';
import type { QueryCreator, RawBuilder } from 'kysely';
import type { ActivityAction } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
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

/** Who made a change that is audited in its own statement (see auditInsertOf). */
// A type, not an interface: statement values must be a plain record (namedStatement).
export type AuditActor = {
  teamId: string;
  actorUserId: string | null;
  actingAdminId: string | null;
  action: ActivityAction;
};

/**
 * The audit entry of a change made in the same statement: the insert of a data-modifying WITH,
 * one entry per row of the WITH named `changed` (the rows the change returned), with `details`
 * (a jsonb expression over those rows). The change and its entry are then one round trip and
 * exist together or not at all, as in a transaction, without BEGIN and COMMIT as two more.
 */
export function auditInsertOf(
  db: QueryCreator<Database>,
  changed: string,
  actor: AuditActor,
  details: RawBuilder<unknown>,
) {
  return db
    .insertInto('audit_log')
    .columns(['team_id', 'actor_user_id', 'acting_admin_id', 'action', 'details'])
    .expression(
      sql`SELECT ${actor.teamId}::uuid, ${actor.actorUserId}::uuid, ${actor.actingAdminId}::uuid,
        ${actor.action}::text, ${details} FROM ${sql.table(changed)}`,
    );
}
