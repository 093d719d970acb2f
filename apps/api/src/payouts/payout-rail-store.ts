import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { type RoleKind, roleKind } from '@khata/domain';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { type Tx, UnitOfWork } from '../database/unit-of-work.js';
import type { RailMove } from '../rail/rail-machine.js';
import type { RailStore, Trigger } from '../rail/rail-processor.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import type { Payout } from './payout.js';
import { type EventMetadata, PayoutLedger } from './payout-ledger.js';
import { PayoutsRepository } from './payouts.repository.js';

/**
 * The payouts' side of the rail processor (rail/rail-processor.ts): the payouts table, each
 * move with its ledger event (payout-ledger.ts) in one transaction, and the announcement of
 * what the projection returned once that committed.
 */
@Injectable()
export class PayoutRailStore implements RailStore<Payout> {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly payouts: PayoutsRepository,
    private readonly uow: UnitOfWork,
    private readonly payoutLedger: PayoutLedger,
    private readonly events: EventBus,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  find(id: string): Promise<Payout | undefined> {
    return this.payouts.find(id);
  }

  /** No ledger event: nothing moves in the ledger at the start (payout-machine.ts). */
  start(id: string, sendStartedAt: Date, nextCheckAt: Date | null): Promise<Payout | undefined> {
    return this.payouts.start(id, sendStartedAt, nextCheckAt);
  }

  claimSend(id: string, previous: Date | null, at: Date): Promise<boolean> {
    return this.payouts.rail.claimSend(id, previous, at);
  }

  /**
   * Notes a look that settled nothing. The first time a payout is seen still processing after
   * its send, its `processing` event goes on the ledger in the same transaction, so the read
   * model and the tracker say "sent to the bank" while it waits. A payout the send's answer
   * settles never needs that event: its final event carries when it was sent.
   */
  async noteCheck(
    payout: Payout,
    at: Date,
    nextCheckAt: Date | null,
    trigger: Trigger,
  ): Promise<void> {
    const appended = await this.uow.run(async (tx) => {
      const before = await this.payouts.noteStatusCheck(tx, payout.id, at, nextCheckAt);
      if (before?.status !== 'processing' || before.processingRecorded) return undefined;
      return this.payoutLedger.moved(tx, before, 'processing', {}, { ...trigger });
    });
    // No money moves at `processing`: only the record's status, no balance to tell.
    if (appended) announceAppended({ events: this.events, logger: this.logger }, [appended]);
  }

  /**
   * One state change: the row (compare-and-set on its current status) and its ledger event,
   * projected, in one transaction; what the projection returned is published once that
   * commits. Undefined when the row had moved on.
   */
  async commitMove(
    payout: Payout,
    move: RailMove,
    at: Date,
    trigger: Trigger,
  ): Promise<Payout | undefined> {
    const { from, to, facts, nextCheckAt, sendStartedAt } = move;
    const done = await this.uow.run(async (tx) => {
      const change = { from, to, at, ...facts, nextCheckAt, sendStartedAt };
      const moved = await this.payouts.move(tx, payout.id, change);
      if (!moved) return undefined;
      const metadata: EventMetadata = { ...trigger };
      const appended = await this.payoutLedger.moved(tx, moved, move.transition, facts, metadata);
      return { moved, appended, kinds: await this.ownerKind(tx, moved, appended) };
    });
    if (!done) return undefined;
    announceAppended({ events: this.events, logger: this.logger }, [done.appended], done.kinds);
    return done.moved;
  }

  /**
   * The payout owner's role, read in the status change's transaction when the projection moved
   * their balance: the gateway then sends the balance the append returned instead of reading
   * the user and the balance again after commit (two commits of their own).
   */
  private async ownerKind(
    tx: Tx,
    payout: Payout,
    appended: AppendedProjected,
  ): Promise<Map<string, RoleKind | undefined>> {
    if (!appended.projection?.balances.has(payout.userId)) return new Map();
    const user = await this.users.findById(payout.userId, tx);
    return new Map([
      [payout.userId, user ? roleKind(user.role, this.config.productKey) : undefined],
    ]);
  }
}
