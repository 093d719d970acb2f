import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  directCredentialsRefusal,
  namedUplineRefusal,
  RegisterUserMessages,
  registrationRefusal,
  uplineChoice,
  type OnboardedUser,
  type Refusal,
  type RoleKind,
} from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditTrail } from '../../audit/audit-trail.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import { refusalError } from '../../common/refusal-error.js';
import { MobileProbeLimit } from '../../users/mobile-probe-limit.js';
import { UserDirectory } from '../../users/user-directory.js';
import { Enrolment } from '../enrolment.js';
import { OnboardUserCommand } from './onboard-user.command.js';
import { OnboardUserMessages } from '../onboard-user-messages.js';

export { RegisterUserMessages };

/**
 * Onboards a user below someone. Load (the role's kind, the named upline), decide (libs/domain
 * registration.ts: who may register which role, and who may be whose upline), commit (the
 * Enrolment: the user, its first credentials, and who hears of it). A distributor's new user
 * always sits below the distributor; an admin's below the admin, or below the upline it names.
 * The new user's password is temporary and goes out by SMS inside the transaction (no SMS, no
 * user); its PIN is unknown to anyone; both are set at first sign-in. Only an admin may give
 * them directly.
 */
@CommandHandler(OnboardUserCommand)
export class OnboardUserHandler implements ICommandHandler<OnboardUserCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly directory: UserDirectory,
    private readonly enrolment: Enrolment,
    private readonly trail: AuditTrail,
    private readonly limiter: RateLimiter,
  ) {}

  async execute(command: OnboardUserCommand): Promise<OnboardedUser> {
    const { registrar, user } = command;
    const direct = command.direct !== null;
    const directRefusal = directCredentialsRefusal(registrar.kind, direct);
    if (directRefusal) throw refusalError(directRefusal);
    const kind = this.kindOf(user.role);
    const refusal = registrationRefusal(registrar.kind, kind, direct);
    if (refusal) throw await this.refused(command, refusal);
    if (kind === 'admin') {
      await this.enrolment.confirmCreator(registrar, command.pin, command.context);
    }
    const parentId = await this.uplineOf(command, kind);
    // A 409 tells whether a number has an account: for a distributor, that is a number outside
    // its network, so each one spends a MobileProbeLimit point (admins see every user anyway).
    if (registrar.kind === 'admin') return this.create(command, parentId, kind);
    await this.limiter.consume(MobileProbeLimit, registrar.userId);
    try {
      const created = await this.create(command, parentId, kind);
      await this.limiter.giveBack(MobileProbeLimit, registrar.userId);
      return created;
    } catch (error) {
      // The creator's only conflict is a taken mobile number (DUPLICATE_MOBILE_MESSAGE).
      if (!(error instanceof AppError && error.kind === ErrorKind.Conflict)) {
        await this.limiter.giveBack(MobileProbeLimit, registrar.userId);
      }
      throw error;
    }
  }

  private create(
    { registrar, user, direct, context }: OnboardUserCommand,
    parentId: string,
    kind: RoleKind,
  ): Promise<OnboardedUser> {
    return this.uow.run(async (tx) => {
      // No services named: the user holds its role's defaults (libs/domain services.ts).
      const enrolled = await this.enrolment.enrol(tx, { ...user, parentId }, direct);
      const created = enrolled.user;
      await this.trail.record(tx, {
        action: 'user.register',
        outcome: 'success',
        actorId: registrar.userId,
        subjectId: created.id,
        sessionId: registrar.sessionId,
        context,
        details: {
          role: created.role,
          parentId,
          credentials: direct ? 'set-by-admin' : 'temporary-by-sms',
        },
      });
      await this.enrolment.announce(tx, enrolled, kind, registrar);
      return { id: created.id, mobile: created.mobile, role: created.role };
    });
  }

  private kindOf(role: string): RoleKind {
    const kind = this.directory.kindOf(role);
    if (kind) return kind;
    const names = this.directory.roleNames();
    throw new AppError(ErrorKind.Invalid, OnboardUserMessages.roleInvalid(names));
  }

  private async uplineOf(command: OnboardUserCommand, kind: RoleKind): Promise<string> {
    const { registrar, parentMobile } = command;
    const choice = uplineChoice(registrar, parentMobile);
    if (choice === 'registrar') return registrar.userId;
    if (!('named' in choice)) throw await this.refused(command, choice);
    const upline = await this.directory.findByMobile(choice.named);
    if (!upline) throw new AppError(ErrorKind.NotFound, RegisterUserMessages.uplineNotFound);
    const refusal = namedUplineRefusal(this.directory.kindOf(upline.role), kind);
    if (refusal) throw await this.refused(command, refusal);
    return upline.id;
  }

  /**
   * The error of a refusal; one with an audit reason is worth a line in the audit log first: a
   * refusal of a rank rule may be someone probing.
   */
  private async refused(
    { registrar, user, context }: OnboardUserCommand,
    refusal: Refusal,
  ): Promise<AppError> {
    if (refusal.auditReason) {
      await this.trail.recordAlone({
        action: 'user.register',
        outcome: 'failure',
        actorId: registrar.userId,
        sessionId: registrar.sessionId,
        context,
        details: { role: user.role, mobile: user.mobile, reason: refusal.auditReason },
      });
    }
    return refusalError(refusal);
  }
}
