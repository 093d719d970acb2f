import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Messages } from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { PasswordHasher } from '../../credentials/password-hasher.js';
import { PasswordsRepository } from '../../credentials/passwords.repository.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { ChangePasswordCommand } from './change-password.command.js';
import { ChangePasswordMessages } from '../control-panel-messages.js';

/**
 * Wrong current passwords of one user: a session alone (a stolen one) must not be a way to
 * guess the password. Each check takes a point before it runs (a burst checks at most 5) and
 * a right password gives it back. Redis down: counted in each process's memory.
 */
export const PasswordChangeLimit = {
  name: 'password-change',
  points: 5,
  windowSeconds: 15 * 60,
  refusal: (seconds: number) =>
    ChangePasswordMessages.tooManyWrong(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

/**
 * The Control Panel's password change: the current password proves the person at the keyboard
 * is the user; once the new one is stored, every other session of the user ends (whoever held
 * the old password may hold one), this one stays, and the change is audited with how many.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly passwords: PasswordsRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionsService,
    private readonly audit: AuditTrail,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<number> {
    const { userId, sessionId, context } = command;
    const entry = {
      action: 'password.change' as const,
      actorId: userId,
      subjectId: userId,
      sessionId,
    };
    await this.limiter.consume(PasswordChangeLimit, userId);
    const hash = await this.passwords.findHash(userId);
    if (hash === null) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    if (!(await this.hasher.verify(command.oldPassword, hash))) {
      await this.audit.recordAlone({
        ...entry,
        outcome: 'failure',
        context,
        details: { reason: 'wrong current password' },
      });
      throw new AppError(ErrorKind.Refused, ChangePasswordMessages.wrongCurrent);
    }
    await this.limiter.giveBack(PasswordChangeLimit, userId);

    const newHash = await this.hasher.hash(command.newPassword);
    await this.uow.run((tx) => this.passwords.replace(tx, userId, newHash));
    const ended = await this.sessions.revokeOthers(userId, sessionId);
    await this.audit.recordAlone({
      ...entry,
      outcome: 'success',
      context,
      details: { sessionsEnded: ended },
    });
    return ended;
  }
}
