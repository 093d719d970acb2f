import { Injectable } from '@nestjs/common';
import { dmtMonthOf, type TransferProduct } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';
import { RemitterMonthUsage } from './remitter-month-usage.js';

/**
 * A remitter's use of its monthly limit (issue 25): the amounts of its transfers of one product
 * (DMT by default, or PPI) from every shop made in the India calendar month of `at` that are
 * queued, processing or processed (a failed or returned transfer sent nothing in the end). The transfer command reads it under the
 * remitter's row lock (`SELECT ... FOR UPDATE`), so the sum and the insert after it are one
 * step however many transfers arrive at once; the remitter look-up reads it to show what is left.
 */
@Injectable()
export class TransfersMonthUsage extends RemitterMonthUsage {
  async usedPaise(
    tx: Tx,
    remitterId: string,
    at: Date,
    product: TransferProduct = 'dmt',
  ): Promise<number> {
    const month = dmtMonthOf(at);
    const { rows } = await tx.query<{ used: string }>(
      `SELECT coalesce(sum(amount_paise), 0)::text AS used FROM dmt_transfers
        WHERE remitter_id = $1 AND product = $4 AND created_at >= $2 AND created_at < $3
          AND status IN ('queued', 'processing', 'processed')`,
      [remitterId, month.from, month.to, product],
    );
    return Number(rows[0]?.used ?? 0);
  }
}
