import { Inject, Injectable } from '@nestjs/common';
import { overridesFor, roleKind, type KycState } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { CredentialHashers } from '../credentials/credential-hashers.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { temporaryPasswordExpiry } from '../credentials/temporary-password.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ServiceOverridesRepository } from '../services/service-overrides.repository.js';
import type { UserEntity } from './user.entity.js';
import { isDuplicateMobile, UsersRepository } from './users.repository.js';

export const DUPLICATE_MOBILE_MESSAGE = 'A user with this mobile number already exists.';

/** A user to create, with the password and PIN in clear: they are hashed here and only here. */
export interface UserToCreate {
  mobile: string;
  name: string;
  email?: string | null;
  role: string;
  parentId: string | null;
  shopName: string | null;
  /** Exactly these services (stored as overrides of the role's defaults); omitted: the defaults. */
  services?: readonly string[];
  password: string;
  pin: string;
  /** Onboarding: the password was sent by SMS and the PIN is unknown; both are set at sign-in. */
  temporary?: boolean;
  /** Omitted: 'none'. A partner's business is vetted by the admin who creates it: 'approved'. */
  kycState?: KycState;
}

/**
 * The one way a user comes to exist (register-user, signup, the first admin, test data): the
 * row with its hashed password and PIN, and its accounts, in the caller's transaction. It
 * checks no business rule; the caller has validated every field and decided who may create
 * whom.
 */
@Injectable()
export class UserCreator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly hashers: CredentialHashers,
    private readonly accounts: AccountsRepository,
    private readonly serviceOverrides: ServiceOverridesRepository,
    private readonly clock: Clock,
  ) {}

  async create(tx: Tx, user: UserToCreate): Promise<UserEntity> {
    const kind = roleKind(user.role, this.config.productKey);
    if (!kind) throw new Error(`UserCreator: "${user.role}" is not a role of this product.`);
    const { password, pin, services, temporary = false, ...fields } = user;
    // The id comes first: the PIN's HMAC is keyed by it.
    const id = this.users.newId();
    const passwordHash = await this.hashers.hashPassword(password);
    let created: UserEntity;
    try {
      created = await this.users.insert(tx, {
        ...fields,
        id,
        passwordHash,
        pinHash: this.hashers.hashPin(id, pin),
        passwordTemporary: temporary,
        passwordTemporaryUntil: temporary
          ? temporaryPasswordExpiry(this.config.credentials, this.clock.now())
          : null,
        pinTemporary: temporary,
      });
    } catch (error) {
      // The unique index decides, so two requests racing for one number get one user and one 409.
      if (isDuplicateMobile(error))
        throw new AppError(ErrorKind.Conflict, DUPLICATE_MOBILE_MESSAGE);
      throw error;
    }
    await this.accounts.openFor(tx, id, kind);
    if (services) {
      const overrides = overridesFor(kind, services);
      for (const override of overrides)
        await this.serviceOverrides.put(tx, id, override, { by: null, reason: 'set at creation' });
      created.serviceOverrides = overrides;
    }
    return created;
  }
}
