import { mayPayOut } from '@khata/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { serviceRefusal } from '../auth/service-refusal.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';

/**
 * Saving, verifying and registering bank beneficiaries is part of paying out, so it asks for
 * what /payment/bankTransfer asks for (libs/domain `mayPayOut`). Listing and deleting one's own beneficiaries stay open to their owner.
 */
export function assertMayPayOut(user: AuthUser): void {
  if (!mayPayOut(user.kind, user.services)) {
    throw serviceRefusal(
      user,
      (held) => mayPayOut(held.kind, held.services),
      BeneficiaryMessages.noPayoutService,
    );
  }
}
