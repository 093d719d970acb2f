import { Injectable } from '@nestjs/common';
import type { RoleKind } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { Tx } from '../database/unit-of-work.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserCreator, type UserToCreate } from '../users/user-creator.js';
import { CredentialIssuer } from './credential-issuer.js';
import { PrivilegedAccounts } from './privileged-accounts.js';

/** A user to enrol: everything but its credentials, which the enrolment chooses or is given. */
export type UserToEnrol = Omit<UserToCreate, 'password' | 'pin' | 'temporary'>;

/** A user just made, and the temporary password its welcome SMS carries (null: given directly). */
export interface Enrolled {
  user: UserEntity;
  temporaryPassword: string | null;
}

/**
 * A new account with its first credentials, and who hears of it (issue 24: the creator, the
 * temporary credentials and their SMS, and the privileged-account rules travelled together
 * through register-user and create-partner). A new admin or partner can move money: its
 * creator's PIN comes first and every other admin is told.
 */
@Injectable()
export class Enrolment {
  constructor(
    private readonly creator: UserCreator,
    private readonly issuer: CredentialIssuer,
    private readonly privileged: PrivilegedAccounts,
  ) {}

  confirmCreator(creator: AuthUser, pin: unknown, context: RequestContext): Promise<void> {
    return this.privileged.confirmCreator(creator, pin, context);
  }

  /**
   * Makes the user in the caller's transaction: with `direct` credentials, or else with a
   * temporary password (for the SMS) and a PIN nobody is told, both set at first sign-in.
   */
  async enrol(
    tx: Tx,
    user: UserToEnrol,
    direct: { password: string; pin: string } | null,
  ): Promise<Enrolled> {
    const credentials = direct ?? this.issuer.firstCredentials();
    const created = await this.creator.create(tx, {
      ...user,
      ...credentials,
      temporary: direct === null,
    });
    return { user: created, temporaryPassword: direct ? null : credentials.password };
  }

  /**
   * Last in the transaction: the welcome SMS (a gateway that refuses rolls the user back, so
   * nobody waits for a lost password), then, for an admin or a partner, every other admin.
   */
  async announce(tx: Tx, { user, temporaryPassword }: Enrolled, kind: RoleKind, by: AuthUser) {
    if (temporaryPassword !== null) await this.issuer.welcome(user, temporaryPassword);
    if (kind === 'admin' || kind === 'partner') {
      await this.privileged.alertAdmins(tx, { ...user, kind }, by);
    }
  }
}
