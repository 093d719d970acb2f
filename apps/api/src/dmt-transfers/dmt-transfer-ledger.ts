import { Injectable } from '@nestjs/common';
import {
  type CommissionSplit,
  commissionSplit,
  maskAccountNumber,
  reversedLegs,
  type SplitLeg,
  splitLegs,
} from '@khata/domain';
import {
  debitParty,
  type HoldOperation,
  Ledger,
  type Leg,
  movedRecord,
  openedRecord,
} from '@khata/ledger';
import { CommissionsRepository } from '../commissions/commissions.repository.js';
import type { Tx } from '../database/unit-of-work.js';
import type { RailTransition } from '../rail/rail-machine.js';
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import {
  type DmtPayee,
  type DmtTransfer,
  dmtTransferStream,
  DMT_STREAM_PREFIX,
} from './dmt-transfer.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';

export type EventMetadata = Record<string, unknown>;

/**
 * The ledger side of a DMT transfer (issue 25): every state change is an event on the
 * transfer's stream, in the caller's transaction, projected. The money never leaves the
 * retailer's wallet unaccounted for, and a failure does not make it spendable again:
 *
 * - requested: a hold of amount + fee on the wallet.
 * - processed: the hold posted: wallet → bank settlement for the amount; the fee split in the
 *   same event (issue 13: uplines' commissions net of TDS, TDS, GST, the company's income).
 * - failed (or reversed before success): nothing moves and the hold STAYS: the money is kept
 *   unspendable on the wallet, refund pending, until the customer's OTP confirms the refund.
 * - returned (a late return after success): bank settlement → wallet for the amount + fee, every
 *   leg of the split negated; then, in a second event of the same transaction, a new hold of
 *   amount + fee, so the returned money is refund pending too (the ledger places holds before
 *   posting legs, so the credit must land first).
 * - refunded: the refund hold voided: amount + fee spendable again. Once (compare-and-set on the
 *   row's refund state, in the same transaction).
 */
@Injectable()
export class DmtTransferLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly transfers: DmtTransfersRepository,
    private readonly appends: ProjectedAppends,
  ) {}

  async requested(
    tx: Tx,
    transfer: DmtTransfer,
    payee: DmtPayee,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const record = openedRecord({
      type: 'dmt',
      status: 'queued',
      parties: [
        debitParty({
          userId: transfer.userId,
          accountId: transfer.accountId,
          amount: transfer.amount,
          fee: transfer.fee,
        }),
      ],
      details: dmtDetails(transfer, payee),
      remitterMobile: payee.remitterMobile,
    });
    return this.appends.within(tx).append({
      type: `${DMT_STREAM_PREFIX}.requested`,
      stream: dmtTransferStream(transfer),
      legs: [],
      holds: [
        {
          op: 'place',
          holdId: transfer.holdId,
          accountId: transfer.accountId,
          amount: transfer.amount + transfer.fee,
        },
      ],
      data: {
        transferId: transfer.id,
        amount: transfer.amount,
        fee: transfer.fee,
        mode: transfer.mode,
        remitterId: transfer.remitterId,
        beneficiaryId: transfer.beneficiaryId,
        record,
      },
      metadata,
      actorId,
    });
  }

  /** The events of a state change, projected (two for a late return: see above). */
  async moved(
    tx: Tx,
    transfer: DmtTransfer,
    transition: RailTransition,
    facts: { utr?: string | null; message?: string | null },
    metadata: EventMetadata,
  ): Promise<AppendedProjected[]> {
    const ledger = this.ledger.within(tx);
    const appends = this.appends.within(tx);
    const stream = dmtTransferStream(transfer);
    const total = transfer.amount + transfer.fee;
    const record = movedRecord(transition === 'returned' ? 'reversed' : transition, {
      externalRef: facts.utr,
      message: facts.message,
    });
    const data = {
      transferId: transfer.id,
      utr: facts.utr ?? null,
      reason: facts.message ?? null,
      record,
      ...sentAtOf(transfer, transition),
    };
    const event = { type: `${DMT_STREAM_PREFIX}.${transition}`, stream, metadata };
    switch (transition) {
      case 'processing':
      case 'failed':
      case 'reversed':
        return [await appends.append({ ...event, legs: [], data })];
      case 'processed': {
        const split = await this.split(tx, transfer);
        const legs: Leg[] = [
          { accountId: transfer.accountId, amount: -total },
          {
            accountId: await ledger.systemAccount('system:bank_settlement'),
            amount: transfer.amount,
          },
          ...(split ? await this.feeLegs(ledger, splitLegs(split)) : []),
        ];
        const holds: HoldOperation[] = [{ op: 'post', holdId: transfer.holdId, amount: total }];
        return [
          await appends.append({
            ...event,
            legs,
            holds,
            data: { ...data, ...(split && { split }) },
          }),
        ];
      }
      case 'returned': {
        const split = transfer.commissionSplit ?? undefined;
        const legs: Leg[] = [
          {
            accountId: await ledger.systemAccount('system:bank_settlement'),
            amount: -transfer.amount,
          },
          { accountId: transfer.accountId, amount: total },
          ...(split ? await this.feeLegs(ledger, reversedLegs(splitLegs(split))) : []),
        ];
        if (!split && transfer.fee > 0) {
          legs.push({
            accountId: await ledger.systemAccount('system:fee_income'),
            amount: -transfer.fee,
          });
        }
        const returned = await appends.append({
          ...event,
          legs,
          data: { ...data, ...(split && { split }) },
        });
        if (!transfer.refundHoldId)
          throw new Error(`DMT transfer ${transfer.id} returned with no refund hold.`);
        const held = await appends.append({
          type: `${DMT_STREAM_PREFIX}.refund-held`,
          stream,
          metadata,
          legs: [],
          holds: [
            {
              op: 'place',
              holdId: transfer.refundHoldId,
              accountId: transfer.accountId,
              amount: total,
            },
          ],
          data: { transferId: transfer.id, amount: transfer.amount, fee: transfer.fee },
        });
        return [returned, held];
      }
    }
  }

  /** The refund the customer confirmed: the refund hold voided, amount + fee spendable again. */
  async refunded(
    tx: Tx,
    transfer: DmtTransfer,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    if (!transfer.refundHoldId) throw new Error(`DMT transfer ${transfer.id} has no refund hold.`);
    return this.appends.within(tx).append({
      type: `${DMT_STREAM_PREFIX}.refunded`,
      stream: dmtTransferStream(transfer),
      legs: [],
      holds: [{ op: 'void', holdId: transfer.refundHoldId }],
      data: { transferId: transfer.id, amount: transfer.amount, fee: transfer.fee },
      metadata,
      actorId,
    });
  }

  /** The fee's split at success, from the snapshot and the tax rates in force; kept on the row. */
  private async split(tx: Tx, transfer: DmtTransfer): Promise<CommissionSplit | undefined> {
    if (transfer.fee <= 0) return undefined;
    const shares = await this.commissions.withPanFlags(tx, transfer.commission?.shares ?? []);
    const split = commissionSplit(transfer.fee, shares, await this.commissions.ratesInForce(tx));
    await this.transfers.recordSplit(tx, transfer.id, split);
    transfer.commissionSplit = split;
    return split;
  }

  private async feeLegs(ledger: Ledger, legs: SplitLeg[]): Promise<Leg[]> {
    return Promise.all(
      legs.map(async (leg) => ({ accountId: await accountOf(ledger, leg), amount: leg.amount })),
    );
  }
}

function sentAtOf(transfer: DmtTransfer, transition: RailTransition): { sentAt?: string } {
  const final = transition === 'processed' || transition === 'failed' || transition === 'reversed';
  if (!final || transfer.processingRecorded || !transfer.sendStartedAt) return {};
  return { sentAt: transfer.sendStartedAt.toISOString() };
}

async function accountOf(ledger: Ledger, leg: SplitLeg): Promise<string> {
  switch (leg.party.kind) {
    case 'commission':
      return ledger.userAccount(leg.party.userId, 'commission');
    case 'tds':
      return ledger.systemAccount('system:tds_payable');
    case 'gst':
      return ledger.systemAccount('system:gst_payable');
    case 'company':
      return ledger.systemAccount('system:fee_income');
  }
}

/** The receipt's `payload.data` for a transfer: remitter, beneficiary, the account masked. */
export function dmtDetails(transfer: DmtTransfer, payee: DmtPayee): Record<string, unknown> {
  return {
    remitterName: payee.remitterName,
    remitterMobile: payee.remitterMobile,
    beneficiaryName: payee.beneficiaryName,
    beneficiaryAccountNumber: maskAccountNumber(payee.accountNumber),
    beneficiaryIfscCode: payee.ifsc,
    bankName: payee.bankName,
    paymentMode: transfer.mode,
    // A PPI transfer is a DMT record paid from the sender's prepaid wallet.
    ...(transfer.product === 'ppi' && { product: 'ppi' }),
  };
}
