import { Injectable } from '@nestjs/common';
import type { TemporaryCredential } from '@khata/domain';
import { PasswordHasher } from './password-hasher.js';
import { PinHasher } from './pin-hasher.js';

/**
 * The two hashers of a user's secrets, which travel together wherever a password and a PIN are
 * set (issue 24): the password's slow scrypt, and the PIN's HMAC keyed by the user's id.
 */
@Injectable()
export class CredentialHashers {
  constructor(
    private readonly passwords: PasswordHasher,
    private readonly pins: PinHasher,
  ) {}

  hashPassword(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  hashPin(userId: string, pin: string): string {
    return this.pins.hash(userId, pin);
  }

  /** Either secret, by name. */
  async hash(what: TemporaryCredential, userId: string, value: string): Promise<string> {
    return what === 'password' ? this.passwords.hash(value) : this.pins.hash(userId, value);
  }

  verifyPassword(password: string, stored: string): Promise<boolean> {
    return this.passwords.verify(password, stored);
  }

  verifyPin(userId: string, pin: string, stored: string): boolean {
    return this.pins.verify(userId, pin, stored);
  }
}
