import { Injectable } from '@nestjs/common';
import {
  bankOfIfsc,
  DUPLICATE_PAYMENT_WINDOW_MS,
  type Paise,
  PAYOUT_KINDS,
  type PayoutDetails,
  type PayoutKind,
  type RoleKind,
} from '@khata/domain';
import { BeneficiariesRepository } from '../beneficiaries/beneficiaries.repository.js';
import type { Tx } from '../database/unit-of-work.js';
import { PaymentFees, type PaymentFee } from './payment-fees.js';
import type { Payout } from './payout.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Who a payout pays: a saved beneficiary (or AEPS account), or a partner's named payee. */
export interface Payee {
  id: string | null;
  name: string;
  accountNumber: string;
  ifsc: string;
  bankName: string | null;
}

/**
 * What a payout request reads before it decides (libs/domain `decidePayoutRequest`): the payout
 * an earlier request under the same key opened, the fee, the payee, a twin in the duplicate
 * window. Every read is in the request's transaction, under the lock on its user.
 */
@Injectable()
export class PayoutRequestReads {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly fees: PaymentFees,
  ) {}

  /** Locks the user's payouts (one request at a time) and finds the key's earlier payout. */
  async earlier(tx: Tx, userId: string, idempotencyKey: string): Promise<Payout | undefined> {
    await this.payouts.lockUser(tx, userId);
    return this.payouts.findByKey(tx, userId, idempotencyKey);
  }

  fee(
    tx: Tx,
    payer: { userId: string; kind: RoleKind },
    kind: PayoutKind,
    amount: Paise,
  ): Promise<PaymentFee> {
    return this.fees.feeFor(payer, kind, amount, tx);
  }

  /**
   * The payee: a partner's signed call names it (no saved beneficiary: docs/decisions.md,
   * "Issue 12: partners"; the bank is the IFSC's, where the list knows it), anyone else pays
   * a saved beneficiary of the kind's own (a bank account, or an approved AEPS account).
   */
  async payee(
    tx: Tx,
    ownerId: string,
    kind: PayoutKind,
    form: PayoutDetails,
    { named }: { named: boolean },
  ): Promise<Payee | undefined> {
    if (named) {
      return {
        id: null,
        name: form.name,
        accountNumber: form.accountNumber,
        ifsc: form.ifscCode,
        bankName: bankOfIfsc(form.ifscCode)?.name ?? null,
      };
    }
    const { beneficiary } = PAYOUT_KINDS[kind];
    return this.beneficiaries.findPayable(
      tx,
      ownerId,
      beneficiary,
      form.accountNumber,
      form.ifscCode,
    );
  }

  /** A payout of the same amount to the same account within the duplicate window. */
  async hasTwin(tx: Tx, userId: string, form: PayoutDetails, now: Date): Promise<boolean> {
    const twin = await this.payouts.findRecentTwin(tx, {
      userId,
      accountNumber: form.accountNumber,
      ifsc: form.ifscCode,
      amount: form.amount,
      since: new Date(now.getTime() - DUPLICATE_PAYMENT_WINDOW_MS),
    });
    return twin !== undefined;
  }

  /** The balance after a replayed payout's hold, as its receipt shows it. */
  balanceAfter(payout: Payout): Promise<Paise | null> {
    return this.payouts.balanceAfter(payout);
  }
}
