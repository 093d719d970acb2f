import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  auditLogPaging,
  auditActionLabel,
  auditLogRange,
  auditMapUrl,
  describeAuditDetails,
  orderIdOfSeq,
  redactAuditDetails,
  roleKind,
  type AuditActionKey,
  type AuditLogAnswer,
  type AuditLogPerson,
  type AuditLogRow,
} from '@khata/domain';
import type { AuditAction } from '../audit/audit.repository.js';
import { ForMenuItem } from '../auth/access.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AuditLogDto } from './audit-logs.dto.js';
import type { AuditLogEntry } from './audit-logs.repository.js';
import { SearchAuditLogsQuery } from './queries/search-audit-logs.query.js';
import { pageOf } from '../common/http/paging.js';

// The labels of libs/domain name exactly the actions the audit log records: a new action
// without a label (or a label without an action) fails the build here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const labelsCoverActions: Same<AuditAction, AuditActionKey> = true;
void labelsCoverActions;

/** Logs (`/admin/logs`, issue 14): the audit log for admins, filtered and paged on the server. */
@Controller('admin')
export class AuditLogsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('logs')
  @HttpCode(200)
  @ForMenuItem('logs')
  async list(@Body() body: AuditLogDto): Promise<AuditLogAnswer> {
    const range = auditLogRange(body.from, body.to);
    if (!range.ok) throw new AppError(ErrorKind.Invalid, range.message);
    const { page, pageSize } = pageOf(body, auditLogPaging);
    const { rows, total } = await this.queries.execute(
      new SearchAuditLogsQuery(
        {
          actor: body.actor,
          action: body.action,
          target: body.target,
          outcome: body.outcome,
          ...range.value,
        },
        page,
        pageSize,
      ),
    );
    return {
      success: true,
      data: rows.map((row) => this.toRow(row)),
      total,
      page,
      pageSize,
      ...range.value,
    };
  }

  private toRow(row: AuditLogEntry): AuditLogRow {
    const person = (
      id: string | null,
      name: string | null,
      mobile: string | null,
      role: string | null,
    ): AuditLogPerson | null =>
      id === null
        ? null
        : { id, name, mobile, role: role && (roleKind(role, this.config.productKey) ?? role) };
    const details = redactAuditDetails(row.details);
    return {
      id: row.id,
      at: new Date(row.at).toISOString(),
      action: row.action,
      actionLabel: auditActionLabel(row.action),
      outcome: row.outcome,
      actor: person(row.actorId, row.actorName, row.actorMobile, row.actorRole),
      target: person(row.targetId, row.targetName, row.targetMobile, row.targetRole),
      ip: row.ip,
      latitude: row.latitude,
      longitude: row.longitude,
      mapUrl: auditMapUrl(row.latitude, row.longitude),
      details,
      lines: describeAuditDetails(
        row.action,
        row.legacySeq ? { ...details, orderID: orderIdOfSeq(row.legacySeq) } : details,
      ),
    };
  }
}
