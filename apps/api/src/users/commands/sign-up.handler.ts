import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { type LimitRule, minutesUntil, RateLimiter } from '../../common/rate-limiter.js';
import { UserCreator } from '../user-creator.js';
import { UsersRepository } from '../users.repository.js';
import { SignUpCommand } from './sign-up.command.js';

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
 * service until an admin grants one, so signing up alone moves no money.
 */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
  ) {}

  async execute({ user, context }: SignUpCommand): Promise<void> {
    await this.limiter.consume(SignUpLimit, context.ip ?? 'unknown');
    const upline = await this.users.findOldestAdmin();
    await this.uow.run(async (tx) => {
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
