import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { deactivatedMessage, roleKind, temporaryCredentials, type RoleKind } from '@khata/domain';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type LimitRule, minutesUntil, RateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { Profiles } from '../../users/profiles.js';
import type { UserEntity } from '../../users/user.entity.js';
import { UsersRepository } from '../../users/users.repository.js';
import { PasswordHasher } from '../../credentials/password-hasher.js';
import {
  temporaryPasswordExpired,
  TemporaryPasswordMessages,
} from '../../credentials/temporary-password.js';
import { isElevated, SessionsService } from '../sessions.service.js';
import { LoginCommand, type LoginResult } from './login.command.js';
import { addressKey } from '../../common/http/address-key.js';

export const LoginLimits = {
  /** Wrong passwords for one mobile number before sign-in pauses for it. */
  perAccount: 5,
  /** Wrong passwords from one address (many numbers tried) before it pauses there. */
  perAddress: 30,
  windowSeconds: 15 * 60,
} as const;

const paused = (retryAfterSeconds: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutesUntil(retryAfterSeconds)}.`;

/**
 * Wrong passwords only: a check takes a point before it runs and a right password gives it
 * back (and clears the account's count). Redis down: counted in each process's memory.
 */
export const LoginLimit = {
  account: {
    name: 'login-mobile',
    points: LoginLimits.perAccount,
    windowSeconds: LoginLimits.windowSeconds,
    refusal: paused,
    whenRedisDown: 'memory',
  },
  address: {
    name: 'login-ip',
    points: LoginLimits.perAddress,
    windowSeconds: LoginLimits.windowSeconds,
    refusal: paused,
    whenRedisDown: 'memory',
  },
} as const satisfies Record<string, LimitRule>;

export const LoginMessages = {
  wrongCredentials: 'Incorrect mobile number or password.',
  blocked: 'This account is blocked. Please contact support.',
  partnerDoor: 'Partners sign in at the partner login.',
  adminDoor: 'This login is for partners. Please use the main login.',
} as const;

// Verified against when the mobile number is unknown, so a wrong number takes as long as a
// wrong password and the answer does not reveal which numbers have accounts.
const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly profiles: Profiles,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async execute({ mobile, password, area, context }: LoginCommand): Promise<LoginResult> {
    const address = addressKey(context.ip);
    await this.takeAttempt(mobile, address, context);

    const user = await this.users.findByMobile(mobile);
    const matches = await this.passwords.verify(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    const kind = user ? roleKind(user.role, this.config.productKey) : undefined;
    if (!user || !matches || !kind) {
      await this.fail(user, mobile, 'wrong credentials', context);
      throw new AppError(ErrorKind.Unauthenticated, LoginMessages.wrongCredentials);
    }
    // The right password: not a guess, so it counts against neither limit.
    await this.limiter.giveBack(LoginLimit.address, address);
    await this.limiter.clear(LoginLimit.account, mobile);
    this.refuseWrongDoor(kind, area);
    if (temporaryPasswordExpired(user, this.clock.now())) {
      await this.fail(user, mobile, 'temporary password expired', context);
      throw new AppError(ErrorKind.Unauthenticated, TemporaryPasswordMessages.expired);
    }
    if (user.status !== 'active') {
      await this.fail(user, mobile, 'blocked', context);
      // Deactivated from All Users: say why (the admin's reason); blocked otherwise: as before.
      throw new AppError(
        ErrorKind.Forbidden,
        user.statusReason ? deactivatedMessage(user.statusReason) : LoginMessages.blocked,
      );
    }

    const session = await this.uow.run(async (tx) => {
      const opened = await this.sessions.open(
        tx,
        { id: user.id, elevated: isElevated(kind, user.serviceOverrides) },
        area === 'partner' ? 'partner' : 'password',
        context,
      );
      await this.audit.record(tx, {
        action: 'auth.login',
        outcome: 'success',
        actorId: user.id,
        subjectId: user.id,
        sessionId: opened.sessionId,
        context,
        details: { area },
      });
      return opened;
    });
    const profile = await this.profiles.of(user, kind);
    const temporary = temporaryCredentials(user);
    if (temporary.length === 0) return { token: session.token, profile };
    return { token: session.token, profile, mustChangeCredentials: true, temporary };
  }

  /**
   * Takes this attempt's point from the address, then from the number, before the password is
   * checked: of any burst, only as many passwords are checked as the limits allow. A refusal by
   * the number gives the address its point back (that attempt checked nothing).
   */
  private async takeAttempt(
    mobile: string,
    address: string,
    context: LoginCommand['context'],
  ): Promise<void> {
    try {
      await this.limiter.consume(LoginLimit.address, address);
      try {
        await this.limiter.consume(LoginLimit.account, mobile);
      } catch (error) {
        await this.limiter.giveBack(LoginLimit.address, address);
        throw error;
      }
    } catch (error) {
      if (error instanceof AppError && error.kind === ErrorKind.TooManyTries) {
        await this.fail(
          await this.users.findByMobile(mobile),
          mobile,
          'paused after repeated failures',
          context,
        );
      }
      throw error;
    }
  }

  private refuseWrongDoor(kind: RoleKind, area: LoginCommand['area']): void {
    if (area === 'admin' && kind === 'partner') {
      throw new AppError(ErrorKind.Forbidden, LoginMessages.partnerDoor);
    }
    if (area === 'partner' && kind !== 'partner') {
      throw new AppError(ErrorKind.Forbidden, LoginMessages.adminDoor);
    }
  }

  private fail(
    user: UserEntity | null,
    mobile: string,
    reason: string,
    context: LoginCommand['context'],
  ) {
    return this.audit.record(this.db, {
      action: 'auth.login',
      outcome: 'failure',
      subjectId: user?.id ?? null,
      context,
      details: { mobile, reason },
    });
  }
}
