import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { isUuid, Messages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Db } from '../../database/unit-of-work.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { LogoutSessionCommand } from './logout-session.command.js';

@CommandHandler(LogoutSessionCommand)
export class LogoutSessionHandler implements ICommandHandler<LogoutSessionCommand> {
  constructor(
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  /**
   * Someone else's session, an unknown id and one already ended all get the same answer
   * (spec §8), so the call does not tell which session ids exist.
   */
  async execute({ userId, sessionId, loginId, context }: LogoutSessionCommand): Promise<void> {
    // Session ids are UUIDs; anything else names no session (and must not reach a uuid column).
    const ended =
      isUuid(loginId) &&
      (await this.sessions.stateOf(loginId, userId)) === 'live' &&
      (await this.sessions.revoke(loginId, userId, 'logout-this-session', sessionId));
    await this.audit.record(this.db, {
      action: 'session.revoke',
      outcome: ended ? 'success' : 'failure',
      actorId: userId,
      subjectId: userId,
      sessionId,
      context,
      details: { loginId: loginId.slice(0, 64), current: loginId === sessionId },
    });
    if (!ended) throw new AppError(ErrorKind.NotFound, Messages.logoutSessionFailed);
  }
}
