import { LoginMessages } from '@khata/domain';
import type { CredentialsConfig } from '../config/config.js';

export const TemporaryPasswordMessages = {
  expired: LoginMessages.temporaryExpired,
} as const;

/** Until when a temporary password issued at `now` signs in (TEMPORARY_PASSWORD_HOURS later). */
export function temporaryPasswordExpiry(config: CredentialsConfig, now: Date): Date {
  return new Date(now.getTime() + config.temporaryPasswordHours * 3_600_000);
}

/** A temporary password past its time; a user's own password never expires. */
export function temporaryPasswordExpired(
  user: { passwordTemporary: boolean; passwordTemporaryUntil: Date | null },
  now: Date,
): boolean {
  return (
    user.passwordTemporary &&
    user.passwordTemporaryUntil !== null &&
    user.passwordTemporaryUntil.getTime() <= now.getTime()
  );
}
