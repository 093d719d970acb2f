import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AuditLogsController } from './audit-logs.controller.js';
import { AuditLogsRepository } from './audit-logs.repository.js';
import { SearchAuditLogsHandler } from './queries/search-audit-logs.handler.js';

/**
 * The Logs screen (issue 14, `/admin/logs`, admins only): it searches the audit trail that
 * `audit/` writes. Kept apart from `audit/` because every feature writes the trail (auth
 * included) while this screen needs auth's guards: one folder would be a cycle (issue 24).
 */
@Module({
  imports: [AuthModule],
  controllers: [AuditLogsController],
  providers: [AuditLogsRepository, SearchAuditLogsHandler],
})
export class LogsModule {}
