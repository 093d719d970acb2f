import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  PAYOUT_KINDS,
  type PayoutDetails,
  type PayoutKind,
  type RoleKind,
  streamPrefixOf,
} from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Tx } from '../database/unit-of-work.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import { OutboxRelay } from './outbox-relay.js';
import type { Payout } from './payout.js';
import type { PaymentFee } from './payment-fees.js';
import { type EventMetadata, PayoutLedger } from './payout-ledger.js';
import type { Payee } from './payout-request-reads.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Everything a new payout is opened from, decided before it is written. */
export interface PayoutOpening {
  kind: PayoutKind;
  userId: string;
  remitterMobile: string | null;
  unlimited: boolean;
  form: PayoutDetails;
  payee: Payee;
  fee: PaymentFee;
  idempotencyKey: string;
  requestHash: string;
  actorId: string;
  metadata: EventMetadata;
  now: Date;
}

export interface OpenedPayout {
  payout: Payout;
  appended: AppendedProjected;
}

/**
 * The rail transaction writer of payouts: a new payout's hold on the ledger (its `requested`
 * event), its row and its outbox row, all in the caller's transaction; then, once that
 * committed, the announcement of the hold and the kick that hands it to the job queue.
 */
@Injectable()
export class PayoutOpener {
  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly payoutLedger: PayoutLedger,
    private readonly ledger: Ledger,
    private readonly relay: OutboxRelay,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(tx: Tx, opening: PayoutOpening): Promise<OpenedPayout> {
    const { kind, form, payee, now } = opening;
    const accountId = await this.ledger
      .within(tx)
      .userAccount(opening.userId, PAYOUT_KINDS[kind].account);
    const payout: Payout = {
      id: randomUUID(),
      kind: streamPrefixOf(kind),
      userId: opening.userId,
      unlimited: opening.unlimited,
      accountId,
      holdId: randomUUID(),
      beneficiaryId: payee.id,
      beneficiaryName: payee.name,
      accountNumber: payee.accountNumber,
      ifsc: payee.ifsc,
      bankName: payee.bankName,
      paymentMode: form.paymentMode,
      amount: form.amount,
      fee: opening.fee.fee,
      commission: opening.fee.commission,
      commissionSplit: null,
      status: 'queued',
      idempotencyKey: opening.idempotencyKey,
      requestHash: opening.requestHash,
      remitterMobile: opening.remitterMobile,
      orderSeq: '0',
      utr: null,
      message: null,
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(now.getTime() + this.config.payouts.staleAfterMs),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    const appended = await this.payoutLedger.requested(
      tx,
      payout,
      opening.actorId,
      opening.metadata,
    );
    payout.orderSeq = appended.seq;
    await this.payouts.insert(tx, payout);
    return { payout, appended };
  }

  /**
   * After commit only: the hold's record and the payer's balance as the append projected them,
   * and the payout to the job queue at once (the relay's round covers a failed kick).
   */
  started({ payout, appended }: OpenedPayout, payerKind: RoleKind): void {
    const announcement = appendedAnnouncement(appended, new Map([[payout.userId, payerKind]]));
    if (announcement) this.events.publish(announcement);
    this.relay.kick(payout.id);
  }
}
