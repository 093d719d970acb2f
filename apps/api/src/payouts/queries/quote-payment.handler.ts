import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  canCallUnlimitedPayout,
  checkPayoutAmount,
  DEFAULT_PAYMENT_MODE,
  isPaymentMode,
  Messages,
  paiseToRupees,
  type PaymentQuote,
  PAYOUT_KINDS,
} from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PaymentFees } from '../payment-fees.js';
import { PayoutMessages } from '../payout-messages.js';
import { QuotePaymentQuery } from './quote-payment.query.js';

@QueryHandler(QuotePaymentQuery)
export class QuotePaymentHandler implements IQueryHandler<QuotePaymentQuery> {
  constructor(private readonly fees: PaymentFees) {}

  async execute(query: QuotePaymentQuery): Promise<PaymentQuote> {
    const { actor, kind, body } = query;
    if (query.unlimited && !PAYOUT_KINDS[kind].mayBeUnlimited) {
      throw new AppError(ErrorKind.Invalid, PayoutMessages.unlimitedBankOnly);
    }
    const sent = body.paymentMode;
    const mode = sent === undefined || sent === null || sent === '' ? DEFAULT_PAYMENT_MODE : sent;
    if (!isPaymentMode(mode)) throw new AppError(ErrorKind.Invalid, Messages.paymentModeInvalid);
    // The unlimited payout's cap only for whom its route admits (UNLIMITED_PAYOUT_KINDS).
    const cap = query.unlimited && canCallUnlimitedPayout(actor.kind) ? 'unlimited' : 'normal';
    const amount = checkPayoutAmount(body.amount, mode, cap);
    if (!amount.ok) throw new AppError(ErrorKind.Invalid, amount.message);
    const { fee } = await this.fees.feeFor(actor, kind, amount.value);
    return {
      amount: paiseToRupees(amount.value),
      fee: paiseToRupees(fee),
      total: paiseToRupees(amount.value + fee),
    };
  }
}
