import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  auditMoney,
  BalanceMessages,
  Messages,
  orderIdOfSeq,
  type HoldingKind,
  type Paise,
} from '@khata/domain';
import { Ledger, LedgerError } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { BalancesRepository } from '../balances.repository.js';
import { actionMetadata, holdingEvent, requestHash } from './holding-events.js';
import { PlaceHoldingCommand, type HoldingDone } from './place-holding.command.js';

@CommandHandler(PlaceHoldingCommand)
export class PlaceHoldingHandler implements ICommandHandler<PlaceHoldingCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repository: BalancesRepository,
    private readonly scopes: NetworkScopes,
    private readonly pins: PinVerifier,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute(command: PlaceHoldingCommand): Promise<HoldingDone> {
    const { admin, kind, userId, amount, reason, context, idempotencyKey: key } = command;
    await this.pins.verify(admin, command.pin, context);
    const hash = requestHash(kind, userId, amount, reason);
    const done = await this.uow.run(async (tx) => {
      await this.repository.lockKey(tx, admin.userId, key);
      const earlier = await this.repository.findPlacedByKey(tx, admin.userId, key);
      if (earlier) {
        if (earlier.placedHash !== hash) {
          throw new AppError(ErrorKind.Conflict, BalanceMessages.keyReused);
        }
        return { holding: earlier, replayed: true };
      }
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      }
      const ledger = this.ledger.within(tx);
      const wallet = await ledger.userAccount(userId, 'wallet');
      const held = await ledger.userAccount(userId, kind);
      // The floor of the append counts the overdraft; a holding may not: it holds the money
      // in the wallet, so it is judged here under the wallet's lock (parallel ones queue on it).
      const own = (await ledger.lockOwnMoney([wallet, held])).get(wallet) ?? 0;
      if (amount > own) throw this.aboveMoney(kind, Math.max(own, 0));
      const id = randomUUID();
      const appended = await ledger
        .append({
          ...holdingEvent(kind, 'placed', { id, userId, amount, reason }, { wallet, held }),
          metadata: actionMetadata(admin, context, key),
          actorId: admin.userId,
          idempotencyKey: key,
          requestHash: hash,
        })
        .catch((error: unknown) => {
          if (error instanceof LedgerError && error.kind === 'insufficient-funds') {
            throw this.aboveMoney(kind, 0);
          }
          throw error;
        });
      const holding = {
        id,
        userId,
        kind,
        amount,
        status: 'placed' as const,
        reason,
        placedBy: admin.userId,
        placedAt: this.clock.now(),
        placedSeq: appended.seq,
        placedHash: hash,
      };
      await this.repository.insert(tx, { ...holding, placedKey: key });
      await this.audit.record(tx, {
        action: kind === 'lien' ? 'lien.place' : 'security.hold',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: {
          holdingId: id,
          amount: auditMoney(amount),
          reason,
          orderID: orderIdOfSeq(appended.seq),
        },
      });
      return {
        holding: {
          ...holding,
          releaseReason: null,
          releasedBy: null,
          releasedAt: null,
          releasedKey: null,
        },
        replayed: false,
      };
    });
    // After commit: the read model projects it and the user's balance is pushed live.
    if (!done.replayed) this.events.publish(new LedgerAppendedEvent([done.holding.placedSeq]));
    return done;
  }

  private aboveMoney(kind: HoldingKind, most: Paise): AppError {
    return new AppError(
      ErrorKind.Refused,
      kind === 'lien'
        ? BalanceMessages.lienAboveMoney(most)
        : BalanceMessages.depositAboveMoney(most),
    );
  }
}
