import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AuditLogsController } from './audit-logs.controller.js';
import { AuditLogsRepository } from './audit-logs.repository.js';
import { SearchAuditLogsHandler } from './queries/search-audit-logs.handler.js';

/** Logs (issue 14): the audit log screen's API, admins only. */
@Module({
  imports: [AuthModule],
  controllers: [AuditLogsController],
  providers: [AuditLogsRepository, SearchAuditLogsHandler],
})
export class AuditLogsModule {}
