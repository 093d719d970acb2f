import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { checkHoldingFits, checkSamePlacement, holdingAboveMoney, Messages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { HoldingsRepository } from '../holdings.repository.js';
import { HoldingBook } from './holding-book.js';
import { requestHash } from './holding-events.js';
import { PlaceHoldingCommand, type HoldingDone } from './place-holding.command.js';

/** Load (an earlier request under the key, the wallet under its lock) → decide → commit. */
@CommandHandler(PlaceHoldingCommand)
export class PlaceHoldingHandler implements ICommandHandler<PlaceHoldingCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly pins: PinVerifier,
    private readonly scopes: NetworkScopes,
    private readonly holdings: HoldingsRepository,
    private readonly book: HoldingBook,
    private readonly events: EventBus,
  ) {}

  async execute(command: PlaceHoldingCommand): Promise<HoldingDone> {
    const { admin, kind, userId, amount, reason, context, idempotencyKey: key } = command;
    await this.pins.verify(admin, command.pin, context);
    const hash = requestHash(kind, userId, amount, reason);
    const done = await this.uow.run(async (tx): Promise<HoldingDone> => {
      await this.holdings.lockKey(tx, admin.userId, key);
      const earlier = await this.holdings.findPlacedByKey(tx, admin.userId, key);
      if (earlier) {
        const same = checkSamePlacement(earlier, hash);
        if (!same.ok) throw new AppError(ErrorKind.Conflict, same.message);
        return { holding: earlier, replayed: true };
      }
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      }
      const accounts = await this.book.accountsOf(tx, userId, kind);
      const fits = checkHoldingFits(kind, amount, accounts.own);
      if (!fits.ok) throw new AppError(ErrorKind.Refused, fits.message);
      const holding = await this.book.place(
        tx,
        { kind, userId, amount, reason, hash },
        accounts,
        { admin, context, key },
        () => new AppError(ErrorKind.Refused, holdingAboveMoney(kind, 0)),
      );
      return { holding, replayed: false };
    });
    // After commit: the read model projects it and the user's balance is pushed live.
    if (!done.replayed) this.events.publish(new LedgerAppendedEvent([done.holding.placedSeq]));
    return done;
  }
}
