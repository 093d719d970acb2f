import { Injectable } from '@nestjs/common';
import { feeToCharge, type Paise, type RoleKind } from '@khata/domain';
import {
  CommissionsRepository,
  type PayoutCommission,
} from '../commissions/commissions.repository.js';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface DmtFee {
  fee: Paise;
  /** The uplines' shares under the scheme in force, or null when no scheme applies. */
  commission: PayoutCommission | null;
}

/**
 * The fee of one DMT (or PPI) transfer for the shop that makes it: the `dmt` (or `ppi`) scheme
 * in force for it (issue 13), decided by libs/domain's `feeToCharge`. The OTP request quotes it and the transfer
 * charges it through this one method, so the fee shown is the fee charged (as payouts'
 * payment-fees.ts does).
 */
@Injectable()
export class DmtFees {
  constructor(
    private readonly db: Db,
    private readonly commissions: CommissionsRepository,
  ) {}

  async feeFor(
    payer: { userId: string; kind: RoleKind },
    amount: Paise,
    tx: Tx = this.db,
    service: 'dmt' | 'ppi' = 'dmt',
  ): Promise<DmtFee> {
    const quote = await this.commissions.quote(payer, service, amount, tx);
    return {
      fee: feeToCharge({ service, amount, schemeFee: quote?.fee }),
      commission: quote?.commission ?? null,
    };
  }
}
