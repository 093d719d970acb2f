import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { type LimitRule, RateLimiter } from '../../common/rate-limiter.js';
import { UserCreator } from '../../users/user-creator.js';
import { UsersRepository } from '../../users/users.repository.js';
import { MobileOtps } from '../mobile-otps.js';
import { SignUpCommand } from './sign-up.command.js';
import { addressKey } from '../../common/http/address-key.js';
import { SignUpMessages } from '../onboard-user-messages.js';

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
  refusal: (seconds) => SignUpMessages.tooMany(Math.max(1, Math.ceil(seconds / 60))),
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
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly otps: MobileOtps,
  ) {}

  async execute({ user, otp, context }: SignUpCommand): Promise<void> {
    await this.limiter.consume(SignUpLimit, addressKey(context.ip));
    const proven = await this.otps.check(user.mobile, otp);
    const upline = await this.users.findOldestAdmin();
    await this.uow.run(async (tx) => {
      await this.otps.use(tx, proven);
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
