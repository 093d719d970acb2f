import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  Messages,
  roleKind,
  UsersAdminMessages,
  type UserStatus,
  type Viewer,
} from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import { DEACTIVATED, SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { UsersAdminRepository } from '../users-admin.repository.js';

export interface StatusChange {
  userId: string;
  status: UserStatus;
  /** What changed: false when the user already had the status (nothing written but the audit). */
  changed: boolean;
  sessionsEnded: number;
}

/** Activate or deactivate a user, with the actor's PIN and a reason. */
export class SetUserStatusCommand extends Command<StatusChange> {
  constructor(
    readonly actor: Viewer & { sessionId: string },
    readonly userId: string,
    readonly status: UserStatus,
    readonly reason: string,
    readonly pin: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * Order of checks: the target first (outside the network answers exactly like a missing user,
 * before the PIN is even looked at, so a wrong PIN cannot probe who exists), then the rules on
 * who may act on whom, then the PIN. The status is written under the row's lock with its audit
 * line in one transaction, so a burst of calls leaves the last committed one in force and one
 * audit line each. Deactivating then ends every session (Postgres, the Redis session cache
 * every process reads, and session.revoked on the sockets): the user's next call anywhere
 * answers 2211 `deactivated`.
 */
@CommandHandler(SetUserStatusCommand)
export class SetUserStatusHandler implements ICommandHandler<SetUserStatusCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: UsersAdminRepository,
    private readonly verifier: PinVerifier,
    private readonly sessions: SessionsService,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: SetUserStatusCommand): Promise<StatusChange> {
    const { actor, userId, status, reason, pin, context } = command;
    const action = status === 'blocked' ? 'user.deactivate' : 'user.activate';
    const entry = {
      action,
      actorId: actor.userId,
      subjectId: userId,
      sessionId: actor.sessionId,
      context,
    } as const;
    const refuse = async (error: AppError): Promise<never> => {
      await this.audit.recordAlone({
        ...entry,
        outcome: 'failure',
        details: { status, reason, refusal: error.message },
      });
      throw error;
    };

    if (!(await this.repository.profile(actor, userId))) {
      await refuse(new AppError(ErrorKind.NotFound, Messages.userNotFound));
    }
    if (userId === actor.userId) {
      await refuse(new AppError(ErrorKind.Forbidden, UsersAdminMessages.notYourself));
    }
    try {
      await this.verifier.verify({ userId: actor.userId }, pin, context);
    } catch (error) {
      if (error instanceof AppError) await refuse(error);
      throw error;
    }

    const result = await this.uow
      .run(async (tx) => {
        const target = await this.repository.lockForStatus(tx, actor, userId);
        if (!target) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
        if (roleKind(target.role, this.config.productKey) === 'admin' && actor.kind !== 'admin') {
          throw new AppError(ErrorKind.Forbidden, UsersAdminMessages.onlyAdminOnAdmin);
        }
        // Issue 31: a block is lifted only by whoever placed it or someone above them (whose
        // network rule reaches the blocker: an admin or staff always, an upline of theirs).
        const blocker = target.status === 'blocked' ? target.statusChangedBy : null;
        if (
          status === 'active' &&
          blocker &&
          blocker !== actor.userId &&
          !(await this.repository.sees(tx, actor, blocker))
        ) {
          throw new AppError(ErrorKind.Forbidden, UsersAdminMessages.blockedFromAbove);
        }
        const changed = target.status !== status;
        if (changed)
          await this.repository.setStatus(tx, userId, { status, reason, by: actor.userId });
        await this.audit.record(tx, {
          ...entry,
          outcome: 'success',
          details: { from: target.status, to: status, reason, changed },
        });
        return { changed };
      })
      .catch(async (error: unknown) => {
        if (error instanceof AppError) await refuse(error);
        throw error;
      });

    // After commit: a revocation that ran before the commit could let a session opened in
    // between live on (the guard's status check would still end it, but say less).
    const sessionsEnded =
      status === 'blocked' ? await this.sessions.revokeAll(userId, DEACTIVATED) : 0;
    return { userId, status, changed: result.changed, sessionsEnded };
  }
}
