import { Injectable, Logger } from '@nestjs/common';
import { EventBus, EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { LedgerAppendedEvent } from '../ledger/ledger-appended.event.js';
import { ReadModelProjection } from './read-model-projection.repository.js';
import { ReadModelRepository } from './read-model.repository.js';
import { TransactionsProjectedEvent } from './transactions-projected.event.js';

/**
 * Feeds the read model: projects ledger events once their transaction committed, then tells
 * whoever listens (the socket gateway) which records and balances changed.
 */
@Injectable()
export class TransactionsProjector {
  private readonly logger = new Logger('TransactionsProjector');

  constructor(
    private readonly projection: ReadModelProjection,
    private readonly readModel: ReadModelRepository,
    private readonly events: EventBus,
  ) {}

  async project(seqs: readonly string[]): Promise<void> {
    if (!seqs.length) return;
    const changed = await this.projection.project(seqs);
    if (!changed.records.length && !changed.balanceOwners.length) return;
    const records = await this.readModel.records(changed.records);
    this.events.publish(new TransactionsProjectedEvent(records, changed.balanceOwners));
  }

  /** Best effort right after commit; whatever fails here the catch-up job projects later. */
  async projectSoon(seqs: readonly string[]): Promise<void> {
    try {
      await this.project(seqs);
    } catch (error) {
      this.logger.warn(`Projection of ${seqs.join(', ')} deferred: ${(error as Error).message}`);
    }
  }
}

@EventsHandler(LedgerAppendedEvent)
export class LedgerAppendedHandler implements IEventHandler<LedgerAppendedEvent> {
  constructor(private readonly projector: TransactionsProjector) {}

  handle(event: LedgerAppendedEvent): Promise<void> {
    return this.projector.projectSoon(event.seqs);
  }
}
