import { Injectable } from '@nestjs/common';
import {
  aepsCommissionSplit,
  type AepsCommissionSplit,
  maskedParam,
  streamPrefixOf,
} from '@khata/domain';
import {
  debitParty,
  type HoldOperation,
  Ledger,
  type Leg,
  ledgerStream,
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
import type { BbpsPayment } from './bbps-payment.js';
import { BbpsPaymentsRepository } from './bbps-payments.repository.js';

export type EventMetadata = Record<string, unknown>;

const BBPS = streamPrefixOf('bbps');

/** What the receipt's record says of the bill besides the money. */
export interface BbpsRecordDetails {
  billerName: string;
  categoryName: string;
}

/**
 * The ledger side of a bill payment (issue 27): every state change an event on the payment's
 * stream, in the caller's transaction, projected.
 *
 * - requested: a hold of amount + CCF on the shop's wallet (the money is not spendable while
 *   BBPS decides).
 * - processed: the hold posted: wallet → bank settlement (the BBPOU's account, which pays the
 *   biller) for amount + CCF (BBPS collects the CCF with the bill: it is the operating unit's,
 *   not Khata's); in the same event the commission the company pays on the bill (the `bbps`
 *   scheme's slab for the category): fee income → the shop's wallet, each upline's commission
 *   account and TDS payable (`aepsCommissionSplit`, the earning split AEPS uses).
 * - failed: the hold voided: amount + CCF spendable again, nothing posted, so nothing to undo.
 */
@Injectable()
export class BbpsLedger {
  constructor(
    private readonly ledger: Ledger,
    private readonly commissions: CommissionsRepository,
    private readonly payments: BbpsPaymentsRepository,
    private readonly appends: ProjectedAppends,
  ) {}

  async requested(
    tx: Tx,
    payment: BbpsPayment,
    names: BbpsRecordDetails,
    actorId: string,
    metadata: EventMetadata,
  ): Promise<AppendedProjected> {
    const record = openedRecord({
      type: 'bbps',
      status: 'queued',
      parties: [
        debitParty({
          userId: payment.userId,
          accountId: payment.accountId,
          amount: payment.amount,
          fee: payment.ccf,
        }),
      ],
      details: {
        billerId: payment.billerId,
        billerName: names.billerName,
        category: names.categoryName,
        customerName: payment.customerName,
        customerMobile: payment.customerMobile,
        params: Object.entries(payment.params).map(([name, value]) => ({
          name,
          value: maskedParam(name, value),
        })),
        billNumber: payment.billNumber,
        refId: payment.refId,
      },
    });
    return this.appends.within(tx).append({
      type: `${BBPS}.requested`,
      stream: ledgerStream(BBPS, payment.id),
      legs: [],
      holds: [
        {
          op: 'place',
          holdId: payment.holdId,
          accountId: payment.accountId,
          amount: payment.amount + payment.ccf,
        },
      ],
      data: { paymentId: payment.id, amount: payment.amount, ccf: payment.ccf, record },
      metadata,
      actorId,
    });
  }

  /** The event of a state change, projected. */
  async moved(
    tx: Tx,
    payment: BbpsPayment,
    transition: RailTransition,
    metadata: EventMetadata,
  ): Promise<AppendedProjected[]> {
    const total = payment.amount + payment.ccf;
    const record = movedRecord(
      transition === 'processed' ? 'processed' : transition === 'failed' ? 'failed' : 'processing',
      {
        externalRef: payment.bbpsReference,
        message: payment.message,
      },
    );
    const data = {
      paymentId: payment.id,
      bbpsReference: payment.bbpsReference,
      approvalRef: payment.approvalRef,
      reason: payment.message,
      record,
    };
    const event = {
      type: `${BBPS}.${transition}`,
      stream: ledgerStream(BBPS, payment.id),
      metadata,
    };
    const appends = this.appends.within(tx);
    switch (transition) {
      case 'processed': {
        const ledger = this.ledger.within(tx);
        const split = await this.split(tx, payment);
        const walletGain = split?.earner?.net ?? 0;
        const legs: Leg[] = [
          { accountId: payment.accountId, amount: -total + walletGain },
          { accountId: await ledger.systemAccount('system:bank_settlement'), amount: total },
        ];
        if (split) {
          for (const line of split.commissions) {
            legs.push({
              accountId: await ledger.userAccount(line.userId, 'commission'),
              amount: line.net,
            });
          }
          legs.push(
            { accountId: await ledger.systemAccount('system:tds_payable'), amount: split.tds },
            { accountId: await ledger.systemAccount('system:fee_income'), amount: split.company },
          );
        }
        const holds: HoldOperation[] = [{ op: 'post', holdId: payment.holdId, amount: total }];
        return [
          await appends.append({
            ...event,
            legs: legs.filter((leg) => leg.amount !== 0),
            holds,
            data: { ...data, ...(split && { split }) },
          }),
        ];
      }
      case 'failed':
        return [
          await appends.append({
            ...event,
            legs: [],
            holds: [{ op: 'void', holdId: payment.holdId }],
            data,
          }),
        ];
      default:
        return [await appends.append({ ...event, legs: [], data })];
    }
  }

  /** The commission's split at success, from the snapshot and the tax rates in force; kept. */
  private async split(tx: Tx, payment: BbpsPayment): Promise<AepsCommissionSplit | undefined> {
    if (!payment.commission || payment.commission.total <= 0) return undefined;
    // The shop's and its uplines' PAN flags in one read: the shop's line first.
    const [earner, ...shares] = await this.commissions.withPanFlags(tx, [
      { level: 'shop', userId: payment.userId, gross: 0 },
      ...payment.commission.quote.shares,
    ]);
    const split = aepsCommissionSplit(
      payment.commission.total,
      earner!,
      shares,
      await this.commissions.ratesInForce(tx),
    );
    await this.payments.recordSplit(tx, payment.id, split);
    payment.commissionSplit = split;
    return split;
  }
}
