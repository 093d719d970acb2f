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
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import { type Payout, payoutKindOf, payoutStream } from './payout.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Who caused a state change and from where, kept on the ledger event's metadata. */
export type EventMetadata = Record<string, unknown>;

type Transition = 'processing' | 'processed' | 'failed' | 'reversed' | 'returned';

/**
 * The ledger side of a payout: every state change is one event on the payout's stream, in the
 * caller's transaction (so the payouts row and the money move together or not at all), projected
 * into the read model in the same database call (issue 15, `ProjectedAppends.within`). Each
 * method answers the append with its projection, which the caller announces after its commit
 * (`appendedAnnouncement`); a failed projection rolls back alone and never fails the payout.
 *
 * - requested: a hold of amount + fee on the wallet (or AEPS account); nothing posted yet.
 * - processing: no money moves; the event records the state change, and only for a payout still
 *   in flight after its send (payout-processor.ts). A payout the send's answer settles goes
 *   from requested to its final event, which then carries `sentAt` (when it went to the bank).
 * - processed: the hold is posted: wallet → payout clearing → bank settlement for the amount;
 *   the fee is split in the same event (issue 13): each upline's commission (net of TDS) into
 *   its commission account, the TDS into TDS payable, the GST inside the fee into GST payable,
 *   the rest to fee income. The split is kept on the payout and the event's data.
 * - failed / reversed before payment: the hold is voided, amount and fee are free again.
 * - returned (a late return after processed): a new reversing event, bank settlement → wallet
 *   for the amount, and every leg of the fee's split negated (fee income alone for a payout
 *   processed before issue 13).
 */
@Injectable()
export class PayoutLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly payouts: PayoutsRepository,
    private readonly appends: ProjectedAppends,
  ) {}

  async requested(
    tx: Tx,
    payout: Payout,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const record = openedRecord({
      type: payoutKindOf(payout),
      status: 'queued',
      parties: [
        debitParty({
          userId: payout.userId,
          accountId: payout.accountId,
          amount: payout.amount,
          fee: payout.fee,
        }),
      ],
      details: payoutDetails(payout),
      remitterMobile: payout.remitterMobile,
    });
    return this.appends.within(tx).append({
      type: `${payout.kind}.requested`,
      stream: payoutStream(payout),
      legs: [],
      holds: [
        {
          op: 'place',
          holdId: payout.holdId,
          accountId: payout.accountId,
          amount: payout.amount + payout.fee,
        },
      ],
      data: {
        payoutId: payout.id,
        amount: payout.amount,
        fee: payout.fee,
        paymentMode: payout.paymentMode,
        unlimited: payout.unlimited,
        record,
      },
      metadata,
      actorId,
    });
  }

  /** Appends the event of a state change, projected. */
  async moved(
    tx: Tx,
    payout: Payout,
    transition: Transition,
    facts: { utr?: string | null; message?: string | null },
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const ledger = this.ledger.within(tx);
    const record = movedRecord(transition === 'returned' ? 'reversed' : transition, {
      externalRef: facts.utr,
      message: facts.message,
    });
    const split = await this.splitOf(tx, payout, transition);
    const movement = await this.movement(ledger, payout, transition, split);
    return this.appends.within(tx).append({
      type: `${payout.kind}.${transition}`,
      stream: payoutStream(payout),
      legs: movement.legs,
      holds: movement.holds,
      data: {
        payoutId: payout.id,
        utr: facts.utr ?? null,
        reason: facts.message ?? null,
        record,
        ...(split && { split }),
        ...sentAtOf(payout, transition),
      },
      metadata,
    });
  }

  /**
   * The fee's split: computed at `processed` from the snapshot and the tax rates in force (the
   * transaction's clock is the event's), read back at `returned`; none for other moves.
   */
  private async splitOf(
    tx: Tx,
    payout: Payout,
    transition: Transition,
  ): Promise<CommissionSplit | undefined> {
    if (transition === 'returned') return payout.commissionSplit ?? undefined;
    if (transition !== 'processed' || payout.fee <= 0) return undefined;
    const shares = await this.commissions.withPanFlags(tx, payout.commission?.shares ?? []);
    const split = commissionSplit(payout.fee, shares, await this.commissions.ratesInForce(tx));
    await this.payouts.recordSplit(tx, payout.id, split);
    // The caller's copy too, for a caller that moves the same object on (the money model).
    payout.commissionSplit = split;
    return split;
  }

  private async feeLegs(ledger: Ledger, legs: SplitLeg[]): Promise<Leg[]> {
    return Promise.all(
      legs.map(async (leg) => ({ accountId: await accountOf(ledger, leg), amount: leg.amount })),
    );
  }

  private async movement(
    ledger: Ledger,
    payout: Payout,
    transition: Transition,
    split: CommissionSplit | undefined,
  ): Promise<{ legs: Leg[]; holds?: HoldOperation[] }> {
    const total = payout.amount + payout.fee;
    switch (transition) {
      case 'processing':
        return { legs: [] };
      case 'failed':
      case 'reversed':
        return { legs: [], holds: [{ op: 'void', holdId: payout.holdId }] };
      case 'processed': {
        const [clearing, settlement] = await Promise.all([
          ledger.systemAccount('system:payout_clearing'),
          ledger.systemAccount('system:bank_settlement'),
        ]);
        const legs: Leg[] = [
          { accountId: payout.accountId, amount: -total },
          { accountId: clearing, amount: payout.amount },
          { accountId: clearing, amount: -payout.amount },
          { accountId: settlement, amount: payout.amount },
        ];
        if (split) legs.push(...(await this.feeLegs(ledger, splitLegs(split))));
        return { legs, holds: [{ op: 'post', holdId: payout.holdId, amount: total }] };
      }
      case 'returned': {
        const legs: Leg[] = [
          {
            accountId: await ledger.systemAccount('system:bank_settlement'),
            amount: -payout.amount,
          },
          { accountId: payout.accountId, amount: total },
        ];
        if (split) {
          legs.push(...(await this.feeLegs(ledger, reversedLegs(splitLegs(split)))));
        } else if (payout.fee > 0) {
          // Processed before issue 13: the whole fee went to fee income.
          legs.push({
            accountId: await ledger.systemAccount('system:fee_income'),
            amount: -payout.fee,
          });
        }
        return { legs };
      }
    }
  }
}

/**
 * When the payout went to the bank, on the final event of a payout that has no `processing`
 * event (the tracker's timeline shows "Sent to the bank" from it).
 */
function sentAtOf(payout: Payout, transition: Transition): { sentAt?: string } {
  const final = transition === 'processed' || transition === 'failed' || transition === 'reversed';
  if (!final || payout.processingRecorded || !payout.sendStartedAt) return {};
  return { sentAt: payout.sendStartedAt.toISOString() };
}

/** The ledger account of each party of a fee's split. */
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

/** The receipt's `payload.data` for a payout: the account number masked. */
export function payoutDetails(payout: Payout): Record<string, unknown> {
  return {
    beneficiaryName: payout.beneficiaryName,
    beneficiaryAccountNumber: maskAccountNumber(payout.accountNumber),
    beneficiaryIfscCode: payout.ifsc,
    paymentMode: payout.paymentMode,
    bankName: payout.bankName,
  };
}
