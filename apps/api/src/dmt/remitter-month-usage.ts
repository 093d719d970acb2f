import { Injectable } from '@nestjs/common';
import type { TransferProduct } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

/**
 * How much of a remitter's monthly DMT limit (India's calendar month, all shops) is used:
 * the port the remitter look-up reads. DMT transfers (issue 25, helper B) implement it from
 * `dmt_transfers` and bind it in DmtModule in place of `NoTransfersYet`.
 */
export abstract class RemitterMonthUsage {
  /**
   * Paise sent (or in flight) for the remitter in the Indian month of `at`, of one product:
   * DMT's month and PPI's are apart (docs/decisions.md, "PPI money transfer").
   */
  abstract usedPaise(
    tx: Tx,
    remitterId: string,
    at: Date,
    product?: TransferProduct,
  ): Promise<number>;
}

/** Until transfers exist nothing is used. */
@Injectable()
export class NoTransfersYet extends RemitterMonthUsage {
  usedPaise(): Promise<number> {
    return Promise.resolve(0);
  }
}
