import { Inject, Injectable } from '@nestjs/common';
import type { TemporaryCredential } from '@khata/domain';
import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CredentialHashers } from '../credentials/credential-hashers.js';
import { temporaryPasswordExpiry } from '../credentials/temporary-password.js';
import type { Tx } from '../database/unit-of-work.js';
import { CredentialsRepository, type CredentialsRow } from './credentials.repository.js';
import { OnboardingSms } from './onboarding-sms.js';
import { TemporaryCredentials } from './temporary-credentials.js';

/**
 * Temporary credentials and the SMS that carries them (issue 24): a new user's first password
 * (its PIN known to nobody), and an upline's or admin's reset of a password or PIN, made,
 * hashed, stored with its expiry and sent. Every send is in the caller's transaction: a gateway
 * that refuses rolls the change back, so nobody waits for a value that never came.
 */
@Injectable()
export class CredentialIssuer {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly temporary: TemporaryCredentials,
    private readonly hashers: CredentialHashers,
    private readonly sms: OnboardingSms,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new user's: a temporary password for the welcome SMS, and a PIN nobody is told. */
  firstCredentials(): { password: string; pin: string } {
    return { password: this.temporary.password(), pin: this.temporary.unknownPin() };
  }

  welcome(user: { mobile: string; name: string }, password: string): Promise<void> {
    return this.sms.welcome(user.mobile, user.name, password);
  }

  /** The user's credentials row, locked for a reset; null: no such user. */
  lock(tx: Tx, userId: string): Promise<CredentialsRow | null> {
    return this.credentials.lock(tx, userId);
  }

  /** Replaces the password or PIN by a one-time value, and answers it for `deliver`. */
  async reset(tx: Tx, userId: string, what: TemporaryCredential): Promise<string> {
    const value = what === 'password' ? this.temporary.password() : this.temporary.pin();
    const hash = await this.hashers.hash(what, userId, value);
    const expiresAt = temporaryPasswordExpiry(this.config.credentials, this.clock.now());
    await this.credentials.setTemporary(tx, userId, what, hash, expiresAt);
    return value;
  }

  /** The SMS with a reset's value. */
  deliver(mobile: string, what: TemporaryCredential, value: string): Promise<void> {
    return what === 'password'
      ? this.sms.temporaryPassword(mobile, value)
      : this.sms.temporaryPin(mobile, value);
  }
}
