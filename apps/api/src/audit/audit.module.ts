import { Global, Module } from '@nestjs/common';
import { AuditTrail } from './audit-trail.js';
import { AuditLog } from './audit.repository.js';

/**
 * The audit trail: `AuditLog` records every action in the transaction that makes it, and
 * `AuditTrail` is how a handler writes it (in its transaction, or a refusal on its own). Global,
 * every feature writes it; it imports no feature, so it never closes a cycle. The Logs screen
 * that reads it is `logs/`.
 */
@Global()
@Module({
  providers: [AuditLog, AuditTrail],
  exports: [AuditLog, AuditTrail],
})
export class AuditModule {}
