import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { AepsDetails } from './aeps-provider.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import type { RailMove } from '../rail/rail-machine.js';
import type { RailStore, Trigger } from '../rail/rail-processor.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { AepsStatus, AepsTransaction } from './aeps-transaction.js';
import { AepsLedger } from './aeps-ledger.js';
import { AepsTransactionsRepository } from './aeps-transactions.repository.js';

/**
 * The AEPS side of the rail processor: `aeps_transactions`, each move with its ledger event
 * (aeps-ledger.ts: a credit at success of a money kind) in one database transaction, announced
 * after commit, so the shop's AEPS balance and wallet move live. The bank's details (the
 * customer's balance, the mini statement, a debit on a failure) are kept with the move.
 */
@Injectable()
export class AepsRailStore implements RailStore<AepsTransaction> {
  private readonly logger = new Logger('Aeps');

  constructor(
    private readonly transactions: AepsTransactionsRepository,
    private readonly uow: UnitOfWork,
    private readonly ledger: AepsLedger,
    private readonly events: EventBus,
  ) {}

  find(id: string): Promise<AepsTransaction | undefined> {
    return this.transactions.find(id);
  }

  async start(id: string, at: Date, nextCheckAt: Date | null) {
    return (await this.transactions.start(id, at, nextCheckAt))
      ? this.transactions.find(id)
      : undefined;
  }

  claimSend(id: string, previous: Date | null, at: Date): Promise<boolean> {
    return this.transactions.rail.claimSend(id, previous, at);
  }

  /** A look that settled nothing: noted, nothing in the ledger (nothing is held for AEPS). */
  async noteCheck(txn: AepsTransaction, at: Date, nextCheckAt: Date | null): Promise<void> {
    await this.uow.run((tx) => this.transactions.noteStatusCheck(tx, txn.id, at, nextCheckAt));
  }

  async commitMove(
    txn: AepsTransaction,
    move: RailMove,
    at: Date,
    trigger: Trigger,
  ): Promise<AepsTransaction | undefined> {
    const { from, to, facts, nextCheckAt, sendStartedAt, transition } = move;
    const details = (facts.details ?? {}) as AepsDetails;
    const appended = await this.uow.run(async (tx) => {
      const moved = await this.transactions.move(tx, txn.id, {
        from: from as AepsStatus,
        to: to as AepsStatus,
        at,
        rrn: facts.utr,
        message: facts.message,
        nextCheckAt,
        sendStartedAt,
        customerBalance: details.balance ?? null,
        statement: details.statement ?? null,
        bankDebited: to === 'failed' && details.bankDebited === true,
      });
      if (!moved) return undefined;
      return this.ledger.moved(tx, moved, transition, { ...trigger });
    });
    if (!appended) return undefined;
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return this.transactions.find(txn.id);
  }
}
