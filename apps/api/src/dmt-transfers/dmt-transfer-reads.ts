import { Inject, Injectable } from '@nestjs/common';
import {
  decideDmtTransfer,
  type DmtLimits,
  type DmtTransferDecision,
  type Paise,
  ppiLimitsFor,
  type RoleKind,
  TRANSFER_PRODUCT_INFO,
  type TransferProduct,
} from '@khata/domain';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { RemitterMonthUsage } from '../dmt/remitter-month-usage.js';
import { type PayableBeneficiary, Remitters } from '../dmt/remitters.js';
import { PpiWallets } from '../ppi/ppi-wallets.js';
import type { TransferForm } from './commands/request-transfer-otp.js';
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
 * the beneficiary if it is this remitter's, the month's use of the product, for PPI the sender's
 * wallet as the provider last answered, the fee, an earlier transfer under the same
 * Idempotency-Key, and the limits in force.
 */
@Injectable()
export class DmtTransferReads {
  constructor(
    private readonly db: Db,
    private readonly transfers: DmtTransfersRepository,
    private readonly remitters: Remitters,
    private readonly fees: DmtFees,
    private readonly usage: RemitterMonthUsage,
    private readonly wallets: PpiWallets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The product's limits in configuration (PPI's month is the provider's: see `decide`). */
  limitsOf(product: TransferProduct): DmtLimits {
    return product === 'ppi' ? this.config.dmt.ppiLimits : this.config.dmt.limits;
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

  /**
   * Loads the facts and asks `decideDmtTransfer`: this India month's use of the product (all
   * shops), and for a product whose month is the provider's (PPI) the sender's wallet: its tier
   * and the provider's monthly limit. Read under the remitter's lock by the transfer.
   */
  async decide(
    tx: Tx,
    product: TransferProduct,
    form: TransferForm,
    remitter: LoadedRemitter | undefined,
    now: Date,
  ): Promise<{ decision: DmtTransferDecision; beneficiary: PayableBeneficiary | undefined }> {
    const beneficiary = remitter && (await this.beneficiary(tx, remitter.id, form.beneficiaryId));
    const monthUsed = remitter ? await this.usage.usedPaise(tx, remitter.id, now, product) : 0;
    let limits = this.limitsOf(product);
    let wallet: { tier: string } | null | undefined;
    if (TRANSFER_PRODUCT_INFO[product].monthLimit === 'provider') {
      const found = remitter && (await this.wallets.find(tx, remitter.id));
      wallet = found ? { tier: found.tier } : null;
      if (found) limits = ppiLimitsFor(limits, found.monthlyLimit);
    }
    const decision = decideDmtTransfer(
      { ...form, remitterState: remitter?.state, beneficiary, monthUsed, wallet },
      limits,
    );
    return { decision, beneficiary };
  }

  /** For PPI: the provider asked about the sender's wallet now, its answer kept (503 if down). */
  async refreshWallet(product: TransferProduct, remitter: LoadedRemitter): Promise<void> {
    if (TRANSFER_PRODUCT_INFO[product].monthLimit === 'provider') {
      await this.wallets.refresh(remitter);
    }
  }

  fee(
    tx: Tx,
    payer: { userId: string; kind: RoleKind },
    amount: Paise,
    product: TransferProduct,
  ): Promise<DmtFee> {
    return this.fees.feeFor(payer, amount, tx, TRANSFER_PRODUCT_INFO[product].service);
  }

  earlier(tx: Tx, userId: string, key: string): Promise<DmtTransfer | undefined> {
    return this.transfers.findByKey(tx, userId, key);
  }
}
