import { Injectable } from '@nestjs/common';
import {
  aepsBankOf,
  aepsCommissionSplit,
  commissionSplit,
  type CommissionSplit,
  maskAadhaar,
  streamPrefixOf,
} from '@khata/domain';
import { creditParty, Ledger, type Leg, ledgerStream, openedRecord } from '@khata/ledger';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { Tx } from '../database/unit-of-work.js';
import type { RailTransition } from '../rail/rail-machine.js';
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import type { AepsTransaction } from './aeps-transaction.js';
import { AepsTransactionsRepository } from './aeps-transactions.repository.js';

export type EventMetadata = Record<string, unknown>;

/**
 * The ledger side of AEPS (issue 26). Only success moves money, in one event that opens the
 * transaction's record already processed (the bank decided before Khata had anything to
 * hold): nothing is in the ledger for a queued, processing or failed transaction, and an
 * enquiry (balance, mini statement) never moves money.
 *
 * - Cash withdrawal: bank settlement (the provider owes it) → the shop's AEPS balance for the
 *   amount; the commission (the `aeps` scheme) from fee income → the shop's wallet, each
 *   upline's commission account, TDS payable (`aepsCommissionSplit`), in the same event.
 * - Aadhaar Pay: bank settlement → the shop's AEPS balance for the amount less the merchant fee;
 *   the fee to GST payable and fee income (GST inside, `commissionSplit` with no shares).
 */
@Injectable()
export class AepsLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly transactions: AepsTransactionsRepository,
    private readonly appends: ProjectedAppends,
  ) {}

  /** The events of a state change: one at success of a money kind, none otherwise. */
  async moved(
    tx: Tx,
    txn: AepsTransaction,
    transition: RailTransition,
    metadata: EventMetadata,
  ): Promise<AppendedProjected[]> {
    if (transition !== 'processed' || txn.amount <= 0) return [];
    const ledger = this.ledger.within(tx);
    const aepsAccount = await ledger.userAccount(txn.userId, 'aeps');
    const settlement = await ledger.systemAccount('system:bank_settlement');
    const rates = await this.commissions.ratesInForce(tx);
    let split: CommissionSplit | undefined;
    let credited = txn.amount;
    const legs: Leg[] = [{ accountId: settlement, amount: -txn.amount }];
    if (txn.kind === 'withdrawal' && txn.commission && txn.commission.total > 0) {
      // The shop and its uplines' PAN flags in one read: the shop's line first.
      const [earner, ...shares] = await this.commissions.withPanFlags(tx, [
        { level: 'shop', userId: txn.userId, gross: 0 },
        ...txn.commission.quote.shares,
      ]);
      const aeps = aepsCommissionSplit(txn.commission.total, earner!, shares, rates);
      split = aeps;
      if (aeps.earner) {
        legs.push({
          accountId: await ledger.userAccount(txn.userId, 'wallet'),
          amount: aeps.earner.net,
        });
      }
      for (const line of aeps.commissions) {
        legs.push({
          accountId: await ledger.userAccount(line.userId, 'commission'),
          amount: line.net,
        });
      }
      if (split.tds > 0) {
        legs.push({
          accountId: await ledger.systemAccount('system:tds_payable'),
          amount: split.tds,
        });
      }
      legs.push({
        accountId: await ledger.systemAccount('system:fee_income'),
        amount: split.company,
      });
    }
    if (txn.kind === 'aadhaarPay' && txn.merchantFee > 0) {
      split = commissionSplit(txn.merchantFee, [], rates);
      credited = txn.amount - txn.merchantFee;
      if (split.gst > 0) {
        legs.push({
          accountId: await ledger.systemAccount('system:gst_payable'),
          amount: split.gst,
        });
      }
      if (split.company > 0) {
        legs.push({
          accountId: await ledger.systemAccount('system:fee_income'),
          amount: split.company,
        });
      }
    }
    legs.push({ accountId: aepsAccount, amount: credited });
    if (split) await this.transactions.recordSplit(tx, txn.id, split);
    const kind = txn.kind === 'withdrawal' ? 'aepsWithdrawal' : 'aadhaarPay';
    const record = openedRecord({
      type: kind,
      status: 'processed',
      parties: [
        creditParty({
          userId: txn.userId,
          accountId: aepsAccount,
          amount: txn.amount,
          fee: txn.merchantFee,
        }),
      ],
      details: {
        bankName: aepsBankOf(txn.bankIin)?.name ?? txn.bankIin,
        bankIin: txn.bankIin,
        aadhaar: maskAadhaar(txn.aadhaarLast4),
        customerMobile: txn.mobile,
        rrn: txn.rrn,
      },
      externalRef: txn.rrn,
    });
    return [
      await this.appends.within(tx).append({
        type: `${streamPrefixOf(kind)}.processed`,
        stream: ledgerStream(streamPrefixOf(kind), txn.id),
        legs: legs.filter((leg) => leg.amount !== 0),
        data: {
          transactionId: txn.id,
          amount: txn.amount,
          fee: txn.merchantFee,
          rrn: txn.rrn,
          record,
          ...(split && { split }),
        },
        metadata,
      }),
    ];
  }
}
