import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';
import { isUuid } from '../../db/uuid.ts';
import { auditInsertOf } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';

/** What the audit entry of a delete or a restore says of the account (the rows changed). */
const changedAccount = sql`jsonb_build_object('accountId', changed.id, 'connectorId',
  changed.connector_id, 'externalId', changed.external_id, 'name', changed.name)`;

/**
 * Moves one of the team's accounts to Deleted with its audit entry, in one statement: no
 * BEGIN and COMMIT around it, both or neither. An account already deleted, or not the team's,
 * is left alone (no row changed, no entry).
 */
const MARK_DELETED = namedStatement(
  'account_mark_deleted',
  (db: Db, v: { accountId: string; at: Date; by: string } & AuditActor) =>
    db
      .with('changed', (qb) =>
        qb
          .updateTable('data_source_accounts')
          .set({ deleted_at: v.at, deleted_by: v.by })
          .where('team_id', '=', v.teamId)
          .where('id', '=', v.accountId)
          .where('deleted_at', 'is', null)
          .returning(['id', 'connector_id', 'external_id', 'name']),
      )
      .with('logged', (qb) => auditInsertOf(qb, 'changed', v, changedAccount))
      .selectFrom('changed')
      .select('id')
      .compile(),
);

/**
 * Brings a deleted account back with its audit entry, in one statement, when it was deleted
 * after `cutoff` and the team's active accounts leave room under `limit`. Run in the
 * transaction that locked the team's limit first: this statement starts after that lock is
 * held, so its count sees every restore committed before. Answers the account's deletion time
 * and whether it was restored; no row when it is not the team's.
 */
const RESTORE = namedStatement(
  'account_restore',
  (db: Db, v: { accountId: string; cutoff: Date; limit: number } & AuditActor) =>
    db
      .with('target', (qb) =>
        qb
          .selectFrom('data_source_accounts')
          .select(['id', 'deleted_at'])
          .where('team_id', '=', v.teamId)
          .where('id', '=', v.accountId)
          .forUpdate(),
      )
      .with('used', (qb) =>
        qb
          .selectFrom('data_source_accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_id', '=', v.teamId)
          .where('deleted_at', 'is', null),
      )
      .with('changed', (qb) =>
        qb
          .updateTable('data_source_accounts')
          .from(['target', 'used'])
          .set({ deleted_at: null, deleted_by: null })
          .where('data_source_accounts.team_id', '=', v.teamId)
          .whereRef('data_source_accounts.id', '=', 'target.id')
          .where('target.deleted_at', '>', v.cutoff)
          .where(sql`used.n`, '<', v.limit)
          .returning([
            'data_source_accounts.id',
            'data_source_accounts.connector_id',
            'data_source_accounts.external_id',
            'data_source_accounts.name',
          ]),
      )
      .with('logged', (qb) => auditInsertOf(qb, 'changed', v, changedAccount))
      .selectFrom('target')
      .select((eb) => [
        'target.deleted_at',
        eb.exists(eb.selectFrom('changed').select('changed.id')).as('restored'),
      ])
      .compile(),
);

/** SQL for delete, restore and purge (the screen's reads: data-sources-json.repository). Every tenant query names the team. */
export function createDataSourcesRepository(db: Db) {
  return {
    /** Deletes the account with its audit entry (see MARK_DELETED). */
    async markDeleted(
      accountId: string,
      deleted: { at: Date; by: string },
      actor: AuditActor,
    ): Promise<void> {
      if (isUuid(accountId)) await MARK_DELETED(db, { ...actor, accountId, ...deleted });
    },

    /** Restores the account with its audit entry (see RESTORE); undefined: not the team's. */
    async restore(
      accountId: string,
      rules: { cutoff: Date; limit: number },
      actor: AuditActor,
    ): Promise<{ deleted_at: Date | null; restored: boolean } | undefined> {
      if (!isUuid(accountId)) return undefined;
      const row = (await RESTORE(db, { ...actor, accountId, ...rules }))[0];
      return row && { deleted_at: row.deleted_at, restored: Boolean(row.restored) };
    },

    /** Purges accounts deleted before `before` (all teams: a maintenance job); answers them. */
    purgeDeletedBefore(before: Date) {
      return db
        .deleteFrom('data_source_accounts')
        .where('deleted_at', '<', before)
        .returning(['id', 'team_id', 'connector_id', 'external_id'])
        .execute();
    },
  };
}
