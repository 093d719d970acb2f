import { Module } from '@nestjs/common';
import { CredentialHashers } from './credential-hashers.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordsRepository } from './passwords.repository.js';
import { PinHasher } from './pin-hasher.js';
import { PinLockNotice } from './pin-lock-notice.js';
import { PinVerifier } from './pin-verifier.js';
import { PinsRepository } from './pins.repository.js';

/**
 * Secrets a user proves: password and transaction PIN. A room of its own because both sign-in
 * (auth) and account creation (users) need the hashers, and each already needs the other's
 * side of the door; here neither has to provide a private copy to break a module cycle.
 */
@Module({
  providers: [
    PasswordHasher,
    PasswordsRepository,
    PinHasher,
    PinsRepository,
    PinVerifier,
    PinLockNotice,
    CredentialHashers,
  ],
  exports: [
    PasswordHasher,
    PasswordsRepository,
    PinHasher,
    PinsRepository,
    PinVerifier,
    CredentialHashers,
  ],
})
export class CredentialsModule {}
