import { Query } from '@nestjs/cqrs';
import type { AuditLogEntry, AuditLogFilter } from '../audit-logs.repository.js';

/** A page of the audit log, newest first, filtered by actor, action, target, outcome and days. */
export class SearchAuditLogsQuery extends Query<{ rows: AuditLogEntry[]; total: number }> {
  constructor(
    readonly filter: AuditLogFilter,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}
