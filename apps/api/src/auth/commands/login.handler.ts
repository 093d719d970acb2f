import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  LoginMessages,
  loginRefusal,
  passwordSessionKind,
  temporaryCredentials,
} from '@khata/domain';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { refusalError } from '../../common/refusal-error.js';
import { addressKey } from '../../common/http/address-key.js';
import { PasswordHasher } from '../../credentials/password-hasher.js';
import { temporaryPasswordExpired } from '../../credentials/temporary-password.js';
import { UserDirectory } from '../../users/user-directory.js';
import { LoginThrottle } from '../login-throttle.js';
import { isElevated } from '../sessions.service.js';
import { SignIns } from '../sign-ins.js';
import { LoginCommand, type LoginResult } from './login.command.js';

export { LoginLimit, LoginLimits } from '../login-throttle.js';
export { LoginMessages } from '@khata/domain';

// Verified against when the mobile number is unknown, so a wrong number takes as long as a
// wrong password and the answer does not reveal which numbers have accounts.
const UNKNOWN_USER_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Load (the account, its password checked), decide (`loginRefusal`), commit (`SignIns`). */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly directory: UserDirectory,
    private readonly passwords: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly signIns: SignIns,
    private readonly clock: Clock,
  ) {}

  async execute({ mobile, password, area, context }: LoginCommand): Promise<LoginResult> {
    const address = addressKey(context.ip);
    try {
      await this.throttle.take(mobile, address);
    } catch (error) {
      if (error instanceof AppError && error.kind === ErrorKind.TooManyTries) {
        const user = await this.directory.findByMobile(mobile);
        await this.refused(user?.id ?? null, mobile, 'paused after repeated failures', context);
      }
      throw error;
    }

    const user = await this.directory.findByMobile(mobile);
    const matches = await this.passwords.verify(password, user?.passwordHash ?? UNKNOWN_USER_HASH);
    const kind = user ? this.directory.kindOf(user.role) : undefined;
    if (!user || !matches || !kind) {
      await this.refused(user?.id ?? null, mobile, 'wrong credentials', context);
      throw new AppError(ErrorKind.Unauthenticated, LoginMessages.wrongCredentials);
    }
    await this.throttle.passed(mobile, address);
    const refusal = loginRefusal(
      {
        kind,
        status: user.status,
        statusReason: user.statusReason,
        temporaryPasswordExpired: temporaryPasswordExpired(user, this.clock.now()),
      },
      area,
    );
    if (refusal) {
      if (refusal.auditReason) await this.refused(user.id, mobile, refusal.auditReason, context);
      throw refusalError(refusal);
    }

    const session = await this.signIns.open({
      user: { id: user.id, elevated: isElevated(kind, user.serviceOverrides) },
      kind: passwordSessionKind(area),
      action: 'auth.login',
      details: { area },
      context,
    });
    const profile = await this.signIns.profileOf(user, kind);
    const temporary = temporaryCredentials(user);
    if (temporary.length === 0) return { token: session.token, profile };
    return { token: session.token, profile, mustChangeCredentials: true, temporary };
  }

  private refused(
    subjectId: string | null,
    mobile: string,
    reason: string,
    context: LoginCommand['context'],
  ): Promise<void> {
    return this.signIns.refused({
      action: 'auth.login',
      subjectId,
      context,
      details: { mobile, reason },
    });
  }
}
