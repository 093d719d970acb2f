import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  OnboardingMessages,
  ROLE_KINDS,
  roleKind,
  roleName,
  type OnboardedUser,
  type RoleKind,
} from '@khata/domain';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { RateLimiter } from '../../common/rate-limiter.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MobileProbeLimit } from '../../users/mobile-probe-limit.js';
import { canHaveBelow } from '../../users/network.js';
import { UserCreator } from '../../users/user-creator.js';
import { UsersRepository } from '../../users/users.repository.js';
import { OnboardingSms } from '../onboarding-sms.js';
import { PrivilegedAccounts } from '../privileged-accounts.js';
import { TemporaryCredentials } from '../temporary-credentials.js';
import { OnboardUserCommand } from './onboard-user.command.js';

export const RegisterUserMessages = {
  roleRefused: 'You cannot create a user with this role.',
  ownDownlineOnly: 'You can only add users below yourself.',
  uplineNotFound: 'Upline not found.',
  uplineCannotHaveRole: 'The upline cannot have a user with this role below it.',
} as const;

/**
 * Onboards a user below someone. Who may register which role, and who may be whose upline, is
 * the network's rule (users/network.ts): a distributor's new user always sits below the
 * distributor; an admin's below the admin, or below the upline it names. The new user's
 * password is temporary and goes out by SMS inside the transaction (no SMS, no user); its PIN
 * is unknown to anyone; both are set at first sign-in. Only an admin may give them directly.
 */
@CommandHandler(OnboardUserCommand)
export class OnboardUserHandler implements ICommandHandler<OnboardUserCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly creator: UserCreator,
    private readonly audit: AuditLog,
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly temporary: TemporaryCredentials,
    private readonly sms: OnboardingSms,
    private readonly privileged: PrivilegedAccounts,
  ) {}

  async execute(command: OnboardUserCommand): Promise<OnboardedUser> {
    const { registrar, user } = command;
    if (command.direct && registrar.kind !== 'admin') {
      throw new AppError(ErrorKind.Invalid, OnboardingMessages.directCredentialsAdminOnly);
    }
    const kind = this.kindOf(user.role);
    if (!canHaveBelow(registrar.kind, kind)) {
      await this.refused(command, 'role not below the registrar');
      throw new AppError(ErrorKind.Forbidden, RegisterUserMessages.roleRefused);
    }
    if (kind === 'admin') {
      // Issue 31 item 4: a new admin can mint money, so it takes the registrar's PIN, gets only
      // temporary credentials, and every admin hears of it.
      if (command.direct) {
        throw new AppError(ErrorKind.Invalid, OnboardingMessages.adminCredentialsTemporary);
      }
      await this.privileged.confirmCreator(registrar, command.pin, command.context);
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
    const credentials = direct ?? {
      password: this.temporary.password(),
      pin: this.temporary.unknownPin(),
    };
    return this.uow.run(async (tx) => {
      // No services named: the user holds its role's defaults (libs/domain services.ts).
      const created = await this.creator.create(tx, {
        ...user,
        ...credentials,
        temporary: direct === null,
        parentId,
      });
      await this.audit.record(tx, {
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
      // Last: a gateway that refuses rolls the user back, so nobody waits for a lost password.
      if (!direct) await this.sms.welcome(created.mobile, created.name, credentials.password);
      if (kind === 'admin') {
        await this.privileged.alertAdmins(tx, { ...created, kind }, registrar);
      }
      return { id: created.id, mobile: created.mobile, role: created.role };
    });
  }

  private kindOf(role: string): RoleKind {
    const kind = roleKind(role, this.config.productKey);
    if (kind) return kind;
    const names = ROLE_KINDS.map((each) => roleName(each, this.config.productKey));
    throw new AppError(ErrorKind.Invalid, `Role must be one of ${names.join(', ')}.`);
  }

  private async uplineOf(command: OnboardUserCommand, kind: RoleKind): Promise<string> {
    const { registrar, parentMobile } = command;
    if (parentMobile === null || parentMobile === registrar.mobile) return registrar.userId;
    if (registrar.kind !== 'admin') {
      await this.refused(command, 'upline named by a non-admin');
      throw new AppError(ErrorKind.Forbidden, RegisterUserMessages.ownDownlineOnly);
    }
    const upline = await this.users.findByMobile(parentMobile);
    if (!upline) throw new AppError(ErrorKind.NotFound, RegisterUserMessages.uplineNotFound);
    const uplineKind = roleKind(upline.role, this.config.productKey);
    if (!uplineKind || !canHaveBelow(uplineKind, kind)) {
      throw new AppError(ErrorKind.Refused, RegisterUserMessages.uplineCannotHaveRole);
    }
    return upline.id;
  }

  /** A refusal of a rank rule is worth a line in the audit log: it may be someone probing. */
  private refused({ registrar, user, context }: OnboardUserCommand, reason: string) {
    return this.audit.record(this.db, {
      action: 'user.register',
      outcome: 'failure',
      actorId: registrar.userId,
      sessionId: registrar.sessionId,
      context,
      details: { role: user.role, mobile: user.mobile, reason },
    });
  }
}
