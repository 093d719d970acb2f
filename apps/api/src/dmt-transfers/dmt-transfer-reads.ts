import { Inject, Injectable } from '@nestjs/common';
import type { DmtLimits, Paise, RoleKind } from '@khata/domain';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { RemitterMonthUsage } from '../dmt/remitter-month-usage.js';
import { type PayableBeneficiary, Remitters } from '../dmt/remitters.js';
import { type DmtFee, DmtFees } from './dmt-fees.js';
import type { DmtTransfer } from './dmt-transfer.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';

export interface LoadedRemitter {
  id: string;
  state: string;
  name: string;
  mobile: string;
}

/**
 * What a transfer (or its OTP) is decided on, loaded: the remitter (locked for the transfer),
 * the beneficiary if it is this remitter's, the month's use, the fee, an earlier transfer under
 * the same Idempotency-Key, and the limits in force.
 */
@Injectable()
export class DmtTransferReads {
  constructor(
    private readonly db: Db,
    private readonly transfers: DmtTransfersRepository,
    private readonly remitters: Remitters,
    private readonly fees: DmtFees,
    private readonly usage: RemitterMonthUsage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get limits(): DmtLimits {
    return this.config.dmt.limits;
  }

  /** The remitter; with `lock`, its row locked until the transaction ends (the month's gate). */
  async remitter(
    mobile: string,
    tx: Tx = this.db,
    lock = false,
  ): Promise<LoadedRemitter | undefined> {
    return this.transfers.findRemitter(tx, mobile, { lock });
  }

  /** The beneficiary, only if it is this remitter's. */
  async beneficiary(
    tx: Tx,
    remitterId: string,
    beneficiaryId: string,
  ): Promise<PayableBeneficiary | undefined> {
    const beneficiary = await this.remitters.findBeneficiary(beneficiaryId, tx);
    return beneficiary?.remitterId === remitterId ? beneficiary : undefined;
  }

  /** What the remitter sent (or has in flight) this India month, all shops. */
  monthUsed(tx: Tx, remitterId: string, at: Date): Promise<Paise> {
    return this.usage.usedPaise(tx, remitterId, at);
  }

  fee(tx: Tx, payer: { userId: string; kind: RoleKind }, amount: Paise): Promise<DmtFee> {
    return this.fees.feeFor(payer, amount, tx);
  }

  earlier(tx: Tx, userId: string, key: string): Promise<DmtTransfer | undefined> {
    return this.transfers.findByKey(tx, userId, key);
  }
}
