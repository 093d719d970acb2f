import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { DmtMode, Paise, RoleKind, TransferProduct } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Tx } from '../database/unit-of-work.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import type { DmtFee } from './dmt-fees.js';
import { DmtOutboxRelay } from './dmt-outbox-relay.js';
import type { DmtPayee, DmtTransfer } from './dmt-transfer.js';
import { type EventMetadata, DmtTransferLedger } from './dmt-transfer-ledger.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';

export interface DmtTransferOpening {
  product: TransferProduct;
  userId: string;
  remitterId: string;
  beneficiaryId: string;
  payee: DmtPayee;
  amount: Paise;
  mode: DmtMode;
  fee: DmtFee;
  idempotencyKey: string;
  requestHash: string;
  metadata: EventMetadata;
  now: Date;
}

export interface OpenedDmtTransfer {
  transfer: DmtTransfer;
  appended: AppendedProjected;
}

/**
 * The rail transaction writer of DMT transfers: the hold (the `requested` event), the row and
 * its outbox row in the caller's transaction; after commit, the announcement and the kick that
 * hands the transfer to the job queue.
 */
@Injectable()
export class DmtTransferOpener {
  constructor(
    private readonly transfers: DmtTransfersRepository,
    private readonly transferLedger: DmtTransferLedger,
    private readonly ledger: Ledger,
    private readonly relay: DmtOutboxRelay,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(tx: Tx, opening: DmtTransferOpening): Promise<OpenedDmtTransfer> {
    const { now } = opening;
    const transfer: DmtTransfer = {
      id: randomUUID(),
      product: opening.product,
      userId: opening.userId,
      remitterId: opening.remitterId,
      beneficiaryId: opening.beneficiaryId,
      accountId: await this.ledger.within(tx).userAccount(opening.userId, 'wallet'),
      holdId: randomUUID(),
      amount: opening.amount,
      fee: opening.fee.fee,
      mode: opening.mode,
      status: 'queued',
      utr: null,
      message: null,
      refundState: 'none',
      refundHoldId: null,
      refundedAt: null,
      commission: opening.fee.commission,
      commissionSplit: null,
      idempotencyKey: opening.idempotencyKey,
      requestHash: opening.requestHash,
      orderSeq: '0',
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(now.getTime() + this.config.dmt.staleAfterMs),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    const appended = await this.transferLedger.requested(
      tx,
      transfer,
      opening.payee,
      opening.userId,
      opening.metadata,
    );
    transfer.orderSeq = appended.seq;
    await this.transfers.insert(tx, transfer);
    return { transfer, appended };
  }

  /** After commit only: the hold announced, the transfer to the job queue at once. */
  started({ transfer, appended }: OpenedDmtTransfer, payerKind: RoleKind): void {
    const announcement = appendedAnnouncement(appended, new Map([[transfer.userId, payerKind]]));
    if (announcement) this.events.publish(announcement);
    this.relay.kick(transfer.id);
  }
}
