import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { Db } from '../../database/unit-of-work.js';
import { SessionsService } from '../sessions.service.js';
import { LogoutCommand } from './logout.command.js';

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute({ userId, sessionId, context }: LogoutCommand): Promise<void> {
    await this.sessions.revoke(sessionId, userId, 'logout');
    await this.audit.record(this.db, {
      action: 'auth.logout',
      outcome: 'success',
      actorId: userId,
      subjectId: userId,
      sessionId,
      context,
    });
  }
}
