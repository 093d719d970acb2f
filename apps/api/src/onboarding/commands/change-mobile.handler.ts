import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OnboardingMessages, SignupOtpRules } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { SessionsService } from '../../auth/sessions.service.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { DUPLICATE_MOBILE_MESSAGE } from '../../users/user-creator.js';
import { isDuplicateMobile, UsersRepository } from '../../users/users.repository.js';
import { CredentialsRepository } from '../credentials.repository.js';
import { OnboardingSms } from '../onboarding-sms.js';
import { MobileOtps } from '../mobile-otps.js';
import { ChangeMobileCommand, SendChangeMobileOtpCommand } from './change-mobile.command.js';

/** The reason stored on the sessions a change of mobile ends. */
export const MOBILE_CHANGED_REASON = 'mobile-changed';

/** OTPs a user may have sent to new numbers: each SMS costs money. Redis down: refused. */
export const ChangeMobileOtpLimit = {
  name: 'change-mobile-otp-user',
  points: SignupOtpRules.perMobile,
  windowSeconds: SignupOtpRules.windowSeconds,
  refusal: (seconds) => OnboardingMessages.tooManyOtps(Math.max(1, Math.ceil(seconds / 60))),
  whenRedisDown: { refuse: OnboardingMessages.otpsUnavailable },
} as const satisfies LimitRule;

/**
 * Sends the OTP that proves the user holds the new number. The codes live beside the signup
 * OTPs (one table of "this code went to this number"): either proves possession of the number.
 */
@CommandHandler(SendChangeMobileOtpCommand)
export class SendChangeMobileOtpHandler implements ICommandHandler<SendChangeMobileOtpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly otps: MobileOtps,
    private readonly sms: OnboardingSms,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({ user, newMobile }: SendChangeMobileOtpCommand): Promise<void> {
    if (newMobile === user.mobile) {
      throw new AppError(ErrorKind.Invalid, OnboardingMessages.sameMobile);
    }
    await this.limiter.consume(ChangeMobileOtpLimit, user.userId);
    try {
      if (await this.users.findByMobile(newMobile)) {
        throw new AppError(ErrorKind.Conflict, DUPLICATE_MOBILE_MESSAGE);
      }
      await this.uow.run(async (tx) => {
        const otp = await this.otps.issue(tx, newMobile);
        await this.sms.changeMobileOtp(newMobile, otp);
      });
    } catch (error) {
      // A taken number keeps its point: the 409 tells whether a number has an account.
      if (!(error instanceof AppError && error.kind === ErrorKind.Conflict)) {
        await this.limiter.giveBack(ChangeMobileOtpLimit, user.userId);
      }
      throw error;
    }
  }
}

/**
 * Moves the user to the new number after its PIN and the OTP sent there; every session of the
 * user ends (the console signs in again with the new number). Audited with both numbers.
 */
@CommandHandler(ChangeMobileCommand)
export class ChangeMobileHandler implements ICommandHandler<ChangeMobileCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly pinVerifier: PinVerifier,
    private readonly otps: MobileOtps,
    private readonly sessions: SessionsService,
    private readonly audit: AuditLog,
    private readonly credentials: CredentialsRepository,
  ) {}

  async execute({ user, newMobile, otp, pin, context }: ChangeMobileCommand): Promise<void> {
    await this.pinVerifier.verify(user, pin, context);
    const proven = await this.otps.check(newMobile, otp);
    await this.uow.run(async (tx) => {
      await this.otps.use(tx, proven);
      try {
        await this.credentials.changeMobile(tx, user.userId, newMobile);
      } catch (error) {
        if (isDuplicateMobile(error)) {
          throw new AppError(ErrorKind.Conflict, DUPLICATE_MOBILE_MESSAGE);
        }
        throw error;
      }
      await this.audit.record(tx, {
        action: 'user.change-mobile',
        outcome: 'success',
        actorId: user.userId,
        subjectId: user.userId,
        sessionId: user.sessionId,
        context,
        details: { from: user.mobile, to: newMobile },
      });
    });
    await this.sessions.revokeAll(user.userId, MOBILE_CHANGED_REASON, user.sessionId);
  }
}
