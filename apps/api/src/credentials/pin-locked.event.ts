import type { PinLock } from './pin-lockout.js';

/** Wrong PINs locked a user's money movement; the user is told by SMS (onboarding/). */
export class PinLockedEvent {
  constructor(
    readonly userId: string,
    readonly lock: PinLock,
    /** Its length as the refusal said it: "30 minutes", "2 hours"; null for the one until a reset. */
    readonly length: string | null,
  ) {}
}
