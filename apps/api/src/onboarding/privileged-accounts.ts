import { Inject, Injectable } from '@nestjs/common';
import { roleName } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PinVerifier } from '../credentials/pin-verifier.js';
import type { Tx } from '../database/unit-of-work.js';
import { UsersRepository } from '../users/users.repository.js';
import { OnboardingSms } from './onboarding-sms.js';

/**
 * Issue 31 item 4: an admin or a partner can move money, so making one is a step-up act. The
 * creator gives their PIN, the new account only ever gets temporary credentials (the callers),
 * and every active admin is told by SMS, inside the creating transaction: no alert, no account.
 * An SMS reaches each admin's phone, out of band, so a stolen console session cannot hide it.
 */
@Injectable()
export class PrivilegedAccounts {
  constructor(
    private readonly pins: PinVerifier,
    private readonly users: UsersRepository,
    private readonly sms: OnboardingSms,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  confirmCreator(creator: AuthUser, pin: unknown, context: RequestContext): Promise<void> {
    return this.pins.verify({ userId: creator.userId }, pin, context);
  }

  async alertAdmins(
    tx: Tx,
    created: { id: string; name: string; mobile: string; kind: 'admin' | 'partner' },
    creator: AuthUser,
  ): Promise<void> {
    const admins = await this.users.activeAdmins(tx, roleName('admin', this.config.productKey));
    // Every admin but the new one, who learns of its account from its own welcome SMS.
    const others = admins.filter((admin) => admin.id !== created.id);
    for (const admin of others) {
      await this.sms.privilegedAccountCreated(admin.mobile, created, creator.name);
    }
  }
}
