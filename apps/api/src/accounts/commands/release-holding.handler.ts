import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { holdingNotFound, releaseStepOf } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { HoldingsRepository } from '../holdings.repository.js';
import { HoldingBook } from './holding-book.js';
import { ReleaseHoldingCommand, type HoldingDone } from './place-holding.command.js';

/** Load (the holding, row-locked) → decide (release, replay or refuse) → commit. */
@CommandHandler(ReleaseHoldingCommand)
export class ReleaseHoldingHandler implements ICommandHandler<ReleaseHoldingCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly pins: PinVerifier,
    private readonly scopes: NetworkScopes,
    private readonly holdings: HoldingsRepository,
    private readonly book: HoldingBook,
    private readonly events: EventBus,
  ) {}

  async execute(command: ReleaseHoldingCommand): Promise<HoldingDone> {
    const { admin, kind, holdingId, reason, context, idempotencyKey: key } = command;
    await this.pins.verify(admin, command.pin, context);
    const done = await this.uow.run(async (tx) => {
      // The row lock orders two releases: the second one reads the first one's release.
      const row = await this.holdings.lock(tx, holdingId, kind);
      if (!row || !(await this.scopes.canSee(tx, admin, row.userId))) {
        throw new AppError(ErrorKind.NotFound, holdingNotFound(kind));
      }
      const step = releaseStepOf(row, kind, admin.userId, key);
      if (!step.ok) throw new AppError(ErrorKind.Conflict, step.message);
      if (step.value === 'replay') return { holding: row, replayed: true, seq: undefined };
      const released = await this.book.release(tx, row, reason, { admin, context, key });
      return { ...released, replayed: false };
    });
    if (done.seq) this.events.publish(new LedgerAppendedEvent([done.seq]));
    return { holding: done.holding, replayed: done.replayed };
  }
}
