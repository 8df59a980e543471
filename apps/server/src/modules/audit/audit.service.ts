import type { Db } from '../../db/database.ts';
import { currentActingAdmin } from '../../http/acting-admin-scope.ts';
import { createAuditRepository } from './audit.repository.ts';
import type { AuditActor, AuditEntry } from './audit.repository.ts';

export type { AuditActor, AuditEntry };
// A change audited in its own statement builds its entry here (its module calls no repository
// of this one).
export { auditInsertOf } from './audit.repository.ts';

/**
 * The one writer of the audit log. Pass the transaction of the change being recorded, so the
 * entry exists exactly when the change does. During an admin user switch every entry carries
 * the admin as well as the user acted as: unless the caller names the admin, it is taken from
 * the request being served, so no caller can leave it out.
 */
export function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  return createAuditRepository(db).insert({
    ...entry,
    actingAdminId: entry.actingAdminId ?? currentActingAdmin(),
  });
}

/**
 * The actor of a change audited in its own statement (auditInsertOf), with the admin acting as
 * them taken from the request being served, as recordAudit does.
 */
export function auditActor(entry: Omit<AuditActor, 'actingAdminId'>): AuditActor {
  return { ...entry, actingAdminId: currentActingAdmin() };
}
