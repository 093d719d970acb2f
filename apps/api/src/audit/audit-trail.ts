import { Injectable } from '@nestjs/common';
import { AuditLog, type AuditEntry } from './audit.repository.js';
import { Db, type Tx } from '../database/unit-of-work.js';

/**
 * The audit log as a handler writes it (issue 24): the decision's row inside the caller's
 * transaction, or a refusal's row on its own, committed whatever the caller then throws. The
 * pair `AuditLog` + `Db` travelled together in every handler that audits its refusals.
 */
@Injectable()
export class AuditTrail {
  constructor(
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  /** In the caller's transaction: the row commits with the decision, or not at all. */
  record(tx: Tx, entry: AuditEntry): Promise<void> {
    return this.audit.record(tx, entry);
  }

  /** On its own connection: a refusal stays on record though the caller throws next. */
  recordAlone(entry: AuditEntry): Promise<void> {
    return this.audit.record(this.db, entry);
  }
}
