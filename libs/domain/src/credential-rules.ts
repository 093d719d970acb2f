import { OnboardingMessages } from './contract/onboarding.js';
import { refusal, type Refusal } from './refusal.js';

/**
 * Issue 24: which new values a user with temporary credentials must send. Exactly the ones that
 * are temporary: each temporary one must come, none other may (the Control Panel changes a
 * PIN with the old one). Whether a new value equals the temporary one needs the hashes: the
 * API checks that after this.
 */
export function credentialsToSetRefusal(
  temporary: { passwordTemporary: boolean; pinTemporary: boolean },
  given: { password: boolean; pin: boolean },
): Refusal | null {
  if (!temporary.passwordTemporary && !temporary.pinTemporary) {
    return refusal('refused', OnboardingMessages.nothingTemporary);
  }
  if (temporary.passwordTemporary && !given.password) {
    return refusal('invalid', OnboardingMessages.passwordNeeded);
  }
  if (temporary.pinTemporary && !given.pin) {
    return refusal('invalid', OnboardingMessages.pinNeeded);
  }
  if (!temporary.passwordTemporary && given.password) {
    return refusal('invalid', OnboardingMessages.notTemporary('password'));
  }
  if (!temporary.pinTemporary && given.pin) {
    return refusal('invalid', OnboardingMessages.notTemporary('pin'));
  }
  return null;
}
