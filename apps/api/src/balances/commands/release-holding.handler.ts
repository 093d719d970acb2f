import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { orderIdOfSeq, auditMoney, BalanceMessages } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { BalancesRepository } from '../balances.repository.js';
import { actionMetadata, holdingEvent, requestHash } from './holding-events.js';
import { ReleaseHoldingCommand, type HoldingDone } from './place-holding.command.js';

@CommandHandler(ReleaseHoldingCommand)
export class ReleaseHoldingHandler implements ICommandHandler<ReleaseHoldingCommand> {
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

  async execute(command: ReleaseHoldingCommand): Promise<HoldingDone> {
    const { admin, kind, holdingId, reason, context, idempotencyKey: key } = command;
    await this.pins.verify(admin, command.pin, context);
    const notFound =
      kind === 'lien' ? BalanceMessages.lienNotFound : BalanceMessages.depositNotFound;
    const done = await this.uow.run(async (tx) => {
      // The row lock orders two releases: the second one reads the first one's release.
      const row = await this.repository.lock(tx, holdingId, kind);
      if (!row || !(await this.scopes.canSee(tx, admin, row.userId))) {
        throw new AppError(ErrorKind.NotFound, notFound);
      }
      if (row.status === 'released') {
        if (row.releasedBy === admin.userId && row.releasedKey === key) {
          return { holding: row, replayed: true, seq: undefined };
        }
        throw new AppError(
          ErrorKind.Conflict,
          kind === 'lien'
            ? BalanceMessages.lienAlreadyReleased
            : BalanceMessages.depositAlreadyReleased,
        );
      }
      const ledger = this.ledger.within(tx);
      const wallet = await ledger.userAccount(row.userId, 'wallet');
      const held = await ledger.userAccount(row.userId, kind);
      const appended = await ledger.append({
        ...holdingEvent(kind, 'released', { ...row, reason }, { wallet, held }),
        metadata: actionMetadata(admin, context, key),
        actorId: admin.userId,
        idempotencyKey: key,
        requestHash: requestHash('release', kind, holdingId, reason),
      });
      const at = this.clock.now();
      await this.repository.release(tx, row.id, {
        reason,
        by: admin.userId,
        at,
        seq: appended.seq,
        key,
      });
      await this.audit.record(tx, {
        action: kind === 'lien' ? 'lien.release' : 'security.release',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: row.userId,
        sessionId: admin.sessionId,
        context,
        details: {
          holdingId,
          amount: auditMoney(row.amount),
          reason,
          orderID: orderIdOfSeq(appended.seq),
        },
      });
      const holding = {
        ...row,
        status: 'released' as const,
        releaseReason: reason,
        releasedBy: admin.userId,
        releasedAt: at,
        releasedKey: key,
      };
      return { holding, replayed: false, seq: appended.seq };
    });
    if (done.seq) this.events.publish(new LedgerAppendedEvent([done.seq]));
    return { holding: done.holding, replayed: done.replayed };
  }
}
