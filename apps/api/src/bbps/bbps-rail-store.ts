import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { UnitOfWork } from '../database/unit-of-work.js';
import type { RailMove } from '../rail/rail-machine.js';
import type { RailStore, Trigger } from '../rail/rail-processor.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { BbpsPayment } from './bbps-payment.js';
import { BbpsLedger } from './bbps-ledger.js';
import { BbpsPaymentsRepository } from './bbps-payments.repository.js';
import type { BbpsPayDetails } from './bbps-provider.js';

/**
 * The bill payments' side of the rail processor: `bbps_payments`, each move with its ledger
 * event (bbps-ledger.ts) in one database transaction, announced after commit, so the shop's
 * wallet moves live. BBPS's reference (the outcome's `utr`) and the biller's approval number
 * (its details) are kept with the move.
 */
@Injectable()
export class BbpsRailStore implements RailStore<BbpsPayment> {
  private readonly logger = new Logger('Bbps');

  constructor(
    private readonly payments: BbpsPaymentsRepository,
    private readonly uow: UnitOfWork,
    private readonly ledger: BbpsLedger,
    private readonly events: EventBus,
  ) {}

  find(id: string): Promise<BbpsPayment | undefined> {
    return this.payments.find(id);
  }

  async start(id: string, at: Date, nextCheckAt: Date | null) {
    return (await this.payments.start(id, at, nextCheckAt)) ? this.payments.find(id) : undefined;
  }

  claimSend(id: string, previous: Date | null, at: Date): Promise<boolean> {
    return this.payments.rail.claimSend(id, previous, at);
  }

  /**
   * A look that settled nothing: noted; the first such look of a payment in processing also
   * appends its `processing` event, so the record shows it in flight.
   */
  async noteCheck(payment: BbpsPayment, at: Date, nextCheckAt: Date | null, trigger: Trigger) {
    const appended = await this.uow.run(async (tx) => {
      const before = await this.payments.noteStatusCheck(tx, payment.id, at, nextCheckAt);
      if (!before || before.status !== 'processing' || before.processingRecorded) return [];
      return this.ledger.moved(tx, before, 'processing', { ...trigger });
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
  }

  async commitMove(
    payment: BbpsPayment,
    move: RailMove,
    at: Date,
    trigger: Trigger,
  ): Promise<BbpsPayment | undefined> {
    const { from, to, facts, nextCheckAt, sendStartedAt, transition } = move;
    const details = (facts.details ?? {}) as BbpsPayDetails;
    const appended = await this.uow.run(async (tx) => {
      const moved = await this.payments.move(tx, payment.id, {
        from: from as BbpsPayment['status'],
        to: to as BbpsPayment['status'],
        at,
        bbpsReference: facts.utr,
        approvalRef: details.approvalRef ?? null,
        message: facts.message,
        nextCheckAt,
        sendStartedAt,
      });
      if (!moved) return undefined;
      return this.ledger.moved(tx, moved, transition, { ...trigger });
    });
    if (!appended) return undefined;
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return this.payments.find(payment.id);
  }
}
