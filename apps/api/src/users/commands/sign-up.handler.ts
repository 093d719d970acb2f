import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import { UserCreator } from '../user-creator.js';
import { UsersRepository } from '../users.repository.js';
import { SignUpCommand } from './sign-up.command.js';

export const SignUpLimits = {
  /** Sign-ups from one address per window: enough for a shop's staff, not for a script. */
  perAddress: 10,
  windowSeconds: 60 * 60,
} as const;

/**
 * A direct-onboard account: role `user`, below the first admin, active at once, and with no
 * service until an admin grants one, so signing up alone moves no money.
 */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
  ) {}

  async execute({ user, context }: SignUpCommand): Promise<void> {
    await this.countAttempt(`signup:ip:${context.ip ?? 'unknown'}`);
    const upline = await this.users.findOldestAdmin();
    await this.dataSource.transaction(async (manager) => {
      const created = await this.creator.create(manager, {
        ...user,
        role: 'user',
        parentId: upline?.id ?? null,
        services: [],
      });
      await this.audit.record(
        {
          action: 'user.signup',
          outcome: 'success',
          actorId: created.id,
          subjectId: created.id,
          context,
          details: { role: created.role, parentId: created.parentId },
        },
        manager,
      );
    });
  }

  /** Every attempt counts, refused ones too: a 409 tells whether a number has an account. */
  private async countAttempt(key: string): Promise<void> {
    const { count, retryAfterSeconds } = await this.limiter.peek(key);
    if (count >= SignUpLimits.perAddress) {
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
      throw new AppError(
        ErrorKind.TooManyTries,
        `Too many sign-ups from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    await this.limiter.hit(key, SignUpLimits.windowSeconds);
  }
}
