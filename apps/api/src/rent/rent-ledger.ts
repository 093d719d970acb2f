import { Injectable } from '@nestjs/common';
import { type CommissionSplit, reversedLegs, type SplitLeg, splitLegs } from '@khata/domain';
import {
  debitParty,
  Ledger,
  type Leg,
  ledgerStream,
  movedRecord,
  openedRecord,
} from '@khata/ledger';
import type { Tx } from '../database/unit-of-work.js';
import {
  type AppendedProjected,
  ProjectedAppends,
} from '../transactions/projected-appends.repository.js';
import type { RentAgreement } from './rent-agreement.js';

export type EventMetadata = Record<string, unknown>;

/**
 * The ledger side of a rent agreement (issue 28), one event per money move on the agreement's
 * stream, in the caller's transaction, projected:
 *
 * - paid: the shop's wallet pays stamp duty + service charge at once (no hold: nothing waits on
 *   a rail). The stamp duty goes to bank settlement (the company's bank buys the e-stamp from
 *   the vendor); the service charge is split as every fee is (`commissionSplit`: GST inside it,
 *   each upline's commission net of TDS to its commission account, TDS, the company's income),
 *   and the shop's own commission line (net of TDS) comes back to its wallet in the same event.
 * - refunded (cancelled before the stamp was bought): every leg of `paid` negated.
 */
@Injectable()
export class RentLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly appends: ProjectedAppends,
  ) {}

  async paid(
    tx: Tx,
    agreement: RentAgreement,
    split: CommissionSplit,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const stampDuty = agreement.stampDuty!;
    const serviceCharge = agreement.serviceCharge!;
    const record = openedRecord({
      type: 'rent',
      status: 'success',
      parties: [
        debitParty({
          userId: agreement.userId,
          accountId: agreement.accountId!,
          amount: stampDuty,
          fee: serviceCharge,
        }),
      ],
      details: {
        reference: agreement.reference,
        state: agreement.state,
        city: agreement.city,
        stampDuty,
        serviceCharge,
      },
    });
    return this.appends.within(tx).append({
      type: 'rent.paid',
      stream: ledgerStream('rent', agreement.id),
      legs: await this.legs(tx, agreement, split, 1),
      data: {
        agreementId: agreement.id,
        stampDuty,
        serviceCharge,
        split: eventSplit(split, 1),
        record,
      },
      metadata,
      actorId,
    });
  }

  async refunded(
    tx: Tx,
    agreement: RentAgreement,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const split = agreement.commissionSplit!;
    return this.appends.within(tx).append({
      type: 'rent.refunded',
      stream: ledgerStream('rent', agreement.id),
      legs: await this.legs(tx, agreement, split, -1),
      data: {
        agreementId: agreement.id,
        stampDuty: agreement.stampDuty,
        serviceCharge: agreement.serviceCharge,
        split: eventSplit(split, -1),
        record: movedRecord('reversed', { message: 'Cancelled before the stamp was bought.' }),
      },
      metadata,
      actorId,
    });
  }

  /** The legs of `paid` (sign 1) or of its refund (sign -1). */
  private async legs(
    tx: Tx,
    agreement: RentAgreement,
    split: CommissionSplit,
    sign: 1 | -1,
  ): Promise<Leg[]> {
    const ledger = this.ledger.within(tx);
    const total = agreement.stampDuty! + agreement.serviceCharge!;
    const shopLine = split.commissions.find((line) => line.level === 'shop');
    const shopNet = shopLine?.net ?? 0;
    // The shop's line is paid into its wallet (the first leg), not a commission account; its
    // TDS stays in the TDS leg, which is the split's whole `tds`.
    const feeLegs = splitLegs({
      ...split,
      commissions: split.commissions.filter((line) => line.level !== 'shop'),
    });
    const legs: Leg[] = [
      { accountId: agreement.accountId!, amount: sign * (-total + shopNet) },
      {
        accountId: await ledger.systemAccount('system:bank_settlement'),
        amount: sign * agreement.stampDuty!,
      },
    ];
    const signed: SplitLeg[] = sign === 1 ? feeLegs : reversedLegs(feeLegs);
    for (const leg of signed) {
      legs.push({ accountId: await accountOf(ledger, leg), amount: leg.amount });
    }
    return legs.filter((leg) => leg.amount !== 0);
  }
}

/**
 * The split as the event records it, in the shape every earning split has (Monthly Stats reads
 * it against the event's postings, `ledger_event_splits`): the uplines' lines in `commissions`
 * (paid to commission accounts), the shop's in `earner` (paid to its wallet). A refund records
 * every figure negated, as its postings are.
 */
export function eventSplit(split: CommissionSplit, sign: 1 | -1) {
  const line = (one: CommissionSplit['commissions'][number]) => ({
    ...one,
    gross: sign * one.gross,
    tds: sign * one.tds,
    net: sign * one.net,
  });
  const shop = split.commissions.find((one) => one.level === 'shop');
  return {
    ...split,
    fee: sign * split.fee,
    gst: sign * split.gst,
    tds: sign * split.tds,
    company: sign * split.company,
    commissions: split.commissions.filter((one) => one.level !== 'shop').map(line),
    earner: shop ? line(shop) : null,
  };
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
