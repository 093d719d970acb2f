import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OnboardingMessages, SignupOtpRules } from '@khata/domain';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { OtpCodes } from '../../beneficiaries/otp/otp-codes.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, minutesUntil, RateLimiter } from '../../common/rate-limiter.js';
import { UserCreator } from '../../users/user-creator.js';
import { UsersRepository } from '../../users/users.repository.js';
import { SignupOtpsRepository } from '../signup-otps.repository.js';
import { SignUpCommand } from './sign-up.command.js';
import { addressKey } from '../../common/http/address-key.js';

export const SignUpLimits = {
  /** Sign-ups from one address per window: enough for a shop's staff, not for a script. */
  perAddress: 10,
  windowSeconds: 60 * 60,
} as const;

/** Every attempt counts, refused ones too: a 409 tells whether a number has an account. */
export const SignUpLimit = {
  name: 'signup-ip',
  points: SignUpLimits.perAddress,
  windowSeconds: SignUpLimits.windowSeconds,
  refusal: (seconds) =>
    `Too many sign-ups from this network. Please try again in ${minutesUntil(seconds)}.`,
  whenRedisDown: 'memory',
} as const satisfies LimitRule;

/**
 * A direct-onboard account: role `user`, below the first admin, active at once, and with no
 * service until an admin grants one, so signing up alone moves no money. The mobile is proven
 * first: the OTP /api/auth/signupOtp sent there takes one of its 3 tries before it is compared,
 * and is used up in the transaction that makes the user (a duplicate number keeps it open).
 */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly otps: SignupOtpsRepository,
    private readonly codes: OtpCodes,
    private readonly clock: Clock,
  ) {}

  async execute({ user, otp, context }: SignUpCommand): Promise<void> {
    await this.limiter.consume(SignUpLimit, addressKey(context.ip));
    const now = this.clock.now();
    const open = await this.otps.takeTry(this.db, user.mobile, now, SignupOtpRules.maxAttempts);
    if (!open) throw new AppError(ErrorKind.Refused, OnboardingMessages.otpExpired);
    if (!this.codes.matches(open.id, otp, open.otpHash)) {
      throw new AppError(ErrorKind.Refused, OnboardingMessages.otpWrong);
    }
    const upline = await this.users.findOldestAdmin();
    await this.uow.run(async (tx) => {
      if (!(await this.otps.use(tx, open.id, now))) {
        throw new AppError(ErrorKind.Refused, OnboardingMessages.otpExpired);
      }
      const created = await this.creator.create(tx, {
        ...user,
        role: 'user',
        parentId: upline?.id ?? null,
      });
      await this.audit.record(tx, {
        action: 'user.signup',
        outcome: 'success',
        actorId: created.id,
        subjectId: created.id,
        context,
        details: { role: created.role, parentId: created.parentId },
      });
    });
  }
}
