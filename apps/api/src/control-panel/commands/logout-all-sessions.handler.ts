import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { LogoutAllSessionsCommand } from './logout-all-sessions.command.js';

@CommandHandler(LogoutAllSessionsCommand)
export class LogoutAllSessionsHandler implements ICommandHandler<LogoutAllSessionsCommand> {
  constructor(
    private readonly verifier: PinVerifier,
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute({ userId, sessionId, pin, context }: LogoutAllSessionsCommand): Promise<number> {
    const entry = {
      action: 'session.revoke-all',
      actorId: userId,
      subjectId: userId,
      sessionId,
      context,
    } as const;
    try {
      await this.verifier.verify({ userId }, pin, context);
    } catch (error) {
      await this.audit.record(this.db, {
        ...entry,
        outcome: 'failure',
        details: { reason: (error as Error).message },
      });
      throw error;
    }
    const ended = await this.sessions.revokeAll(userId, 'logout-all-sessions', sessionId);
    await this.audit.record(this.db, {
      ...entry,
      outcome: 'success',
      details: { sessions: ended },
    });
    return ended;
  }
}
