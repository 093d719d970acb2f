import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { UnitOfWork } from '../database/unit-of-work.js';
import type { RailMove } from '../rail/rail-machine.js';
import type { RailStore, Trigger } from '../rail/rail-processor.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { DmtRailTransfer } from './dmt-transfer.js';
import { DmtTransferLedger } from './dmt-transfer-ledger.js';
import { DmtTransfersRepository } from './dmt-transfers.repository.js';

/**
 * The DMT transfers' side of the rail processor: `dmt_transfers`, each move with its ledger
 * events (dmt-transfer-ledger.ts) in one transaction, announced after commit. A move to failed
 * or reversed puts the transfer into refund pending in the same compare-and-set.
 */
@Injectable()
export class DmtTransferRailStore implements RailStore<DmtRailTransfer> {
  private readonly logger = new Logger('DmtTransfers');

  constructor(
    private readonly transfers: DmtTransfersRepository,
    private readonly uow: UnitOfWork,
    private readonly ledger: DmtTransferLedger,
    private readonly events: EventBus,
  ) {}

  find(id: string): Promise<DmtRailTransfer | undefined> {
    return this.transfers.findForRail(id);
  }

  async start(id: string, at: Date, nextCheckAt: Date | null) {
    return (await this.transfers.start(id, at, nextCheckAt))
      ? this.transfers.findForRail(id)
      : undefined;
  }

  claimSend(id: string, previous: Date | null, at: Date): Promise<boolean> {
    return this.transfers.rail.claimSend(id, previous, at);
  }

  /** A look that settled nothing; the first one after the send records `processing`. */
  async noteCheck(
    transfer: DmtRailTransfer,
    at: Date,
    nextCheckAt: Date | null,
    trigger: Trigger,
  ): Promise<void> {
    const appended = await this.uow.run(async (tx) => {
      const before = await this.transfers.noteStatusCheck(tx, transfer.id, at, nextCheckAt);
      if (before?.status !== 'processing' || before.processingRecorded) return [];
      return this.ledger.moved(tx, before, 'processing', {}, { ...trigger });
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
  }

  async commitMove(
    transfer: DmtRailTransfer,
    move: RailMove,
    at: Date,
    trigger: Trigger,
  ): Promise<DmtRailTransfer | undefined> {
    const { from, to, facts, nextCheckAt, sendStartedAt, transition } = move;
    // Failed or returned: the money waits for the customer's refund OTP, held. A failure keeps
    // the request's hold; a return (after the hold was posted) gets a new one.
    const refundHoldId =
      to === 'failed' || to === 'reversed'
        ? transition === 'returned'
          ? randomUUID()
          : transfer.holdId
        : undefined;
    const appended = await this.uow.run(async (tx) => {
      const change = { from, to, at, ...facts, nextCheckAt, sendStartedAt, refundHoldId };
      const moved = await this.transfers.move(tx, transfer.id, change);
      if (!moved) return undefined;
      return this.ledger.moved(tx, moved, transition, facts, { ...trigger });
    });
    if (!appended) return undefined;
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return this.transfers.findForRail(transfer.id);
  }
}
