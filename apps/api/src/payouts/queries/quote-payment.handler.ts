import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  checkPayoutAmount,
  DEFAULT_PAYMENT_MODE,
  isPaymentMode,
  Messages,
  paiseToRupees,
  type PaymentQuote,
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
    if (query.unlimited && kind !== 'payout') {
      throw new AppError(ErrorKind.Invalid, PayoutMessages.unlimitedBankOnly);
    }
    const sent = body.paymentMode;
    const mode = sent === undefined || sent === null || sent === '' ? DEFAULT_PAYMENT_MODE : sent;
    if (!isPaymentMode(mode)) throw new AppError(ErrorKind.Invalid, Messages.paymentModeInvalid);
    // The unlimited payout's cap is the admin's alone, as on the transfer.
    const cap = query.unlimited && actor.kind === 'admin' ? 'unlimited' : 'normal';
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
