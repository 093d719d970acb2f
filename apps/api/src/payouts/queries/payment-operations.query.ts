import { Query } from '@nestjs/cqrs';
import type { PaymentOperation } from '@khata/domain';
import type { StoredPayoutKind } from '../payout.js';

/**
 * Admin (issue 14): the payouts and AEPS settlements that need someone, with the regulator's
 * clock on each, deadline first.
 */
export class PaymentOperationsQuery extends Query<PaymentOperation[]> {
  constructor(
    readonly now: Date,
    readonly olderThanMinutes: number,
    readonly kind: StoredPayoutKind | null,
  ) {
    super();
  }
}
