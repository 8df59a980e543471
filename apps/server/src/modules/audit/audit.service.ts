import type { Db } from '../../db/database.ts';
import { createAuditRepository } from './audit.repository.ts';
import type { AuditEntry } from './audit.repository.ts';

export type { AuditEntry };

/**
 * The one writer of the audit log. Pass the transaction of the change being recorded, so the
 * entry exists exactly when the change does.
 */
export function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  return createAuditRepository(db).insert(entry);
}
