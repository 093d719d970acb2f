import { Query } from '@nestjs/cqrs';
import type { PaymentQuote, PayoutKind } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';

/**
 * `/payment/quote` (issue 23): the fee and total a payment of the body's amount would be
 * charged now, through the payout request's own fee rule.
 */
export class QuotePaymentQuery extends Query<PaymentQuote> {
  constructor(
    readonly actor: AuthUser,
    readonly kind: PayoutKind,
    readonly unlimited: boolean,
    readonly body: { amount?: unknown; paymentMode?: unknown },
  ) {
    super();
  }
}
