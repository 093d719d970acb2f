import { Query } from '@nestjs/cqrs';
import type { PaymentOperation, PayoutKind } from '@khata/domain';

/**
 * Admin (issue 14): the payouts and AEPS settlements that need someone, with the regulator's
 * clock on each, deadline first.
 */
export class PaymentOperationsQuery extends Query<PaymentOperation[]> {
  constructor(
    readonly now: Date,
    readonly olderThanMinutes: number,
    readonly kind: PayoutKind | null,
  ) {
    super();
  }
}
