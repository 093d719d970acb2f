import { Injectable } from '@nestjs/common';
import {
  feeToCharge,
  type Paise,
  PAYOUT_KINDS,
  type PayoutKind,
  type PayoutRates,
  type RoleKind,
} from '@khata/domain';
import {
  CommissionsRepository,
  type PayoutCommission,
} from '../commissions/commissions.repository.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { UsersRepository } from '../users/users.repository.js';
import { PayoutMessages } from './payout-messages.js';

export interface PaymentFee {
  fee: Paise;
  /** The uplines' shares under the scheme in force, or null when no scheme applies. */
  commission: PayoutCommission | null;
}

/**
 * The fee of one payment (bank payout or AEPS settlement) for its payer: the scheme in force
 * for the payer (issue 13) and the payer's own payout rates, decided by libs/domain's
 * `feeToCharge`. The payout request charges it and `/payment/quote` shows it, through this one
 * method, so the fee shown before a payment is the fee charged for it (issue 23).
 */
@Injectable()
export class PaymentFees {
  constructor(
    private readonly db: Db,
    private readonly commissions: CommissionsRepository,
    private readonly users: UsersRepository,
  ) {}

  async feeFor(
    payer: { userId: string; kind: RoleKind },
    kind: PayoutKind,
    amount: Paise,
    tx: Tx = this.db,
  ): Promise<PaymentFee> {
    const { service } = PAYOUT_KINDS[kind];
    const quote = await this.commissions.quote(payer, service, amount, tx);
    const rates =
      // eslint-disable-next-line no-restricted-syntax -- a fee service (serviceRates.payout), not a payout kind
      service === 'payout'
        ? (
            (await this.users.findById(payer.userId, tx))?.serviceRates as
              { payout?: PayoutRates } | undefined
          )?.payout
        : undefined;
    try {
      const fee = feeToCharge({ service, amount, schemeFee: quote?.fee, rates });
      return { fee, commission: quote?.commission ?? null };
    } catch {
      throw new AppError(ErrorKind.Refused, PayoutMessages.ratesInvalid);
    }
  }
}
