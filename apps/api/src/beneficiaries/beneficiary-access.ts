import { AppError, ErrorKind } from '../common/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';

/** The service that lets a user pay out (users/network.ts gives it to employees by default). */
export const PAYOUT_SERVICE = 'payout';

/**
 * Saving, verifying and registering bank beneficiaries is part of paying out, so it asks for
 * what /payment/bankTransfer asks for: the payout service, or being an admin (unlimited
 * payout). Listing and deleting one's own beneficiaries stay open to their owner.
 */
export function assertMayPayOut(user: AuthUser): void {
  if (user.kind !== 'admin' && !user.services.includes(PAYOUT_SERVICE)) {
    throw new AppError(ErrorKind.Forbidden, BeneficiaryMessages.noPayoutService);
  }
}
