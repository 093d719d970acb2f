import {
  checkAuditAction,
  checkAuditDay,
  checkAuditOutcome,
  checkAuditPage,
  checkAuditPageSize,
  checkAuditPerson,
  type AuditActionKey,
  type AuditLogRequest,
  type AuditOutcome,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** The Logs screen's filters; each field holds its checked value once validation has passed. */
export class AuditLogDto implements AuditLogRequest {
  @Satisfies(checkAuditPerson)
  actor?: string;

  @Satisfies(checkAuditAction)
  action?: AuditActionKey;

  @Satisfies(checkAuditPerson)
  target?: string;

  @Satisfies(checkAuditOutcome)
  outcome?: AuditOutcome;

  @Satisfies(checkAuditDay)
  from?: string;

  @Satisfies(checkAuditDay)
  to?: string;

  @Satisfies(checkAuditPage)
  page?: number | string;

  @Satisfies(checkAuditPageSize)
  pageSize?: number | string;
}
