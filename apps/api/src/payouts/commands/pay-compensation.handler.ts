import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  auditMoney,
  type CompensationPaid,
  type CompensationRefusal,
  decideCompensation,
  paiseToRupees,
} from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { orderId } from '../../transactions/transaction-record.js';
import { type CompensationCase, CompensationReads } from '../compensation-reads.js';
import { CompensationWriter } from '../compensation-writer.js';
import { CompensationMessages, PayoutMessages } from '../payout-messages.js';
import type { CompensationRow } from '../payouts.repository.js';
import { PayCompensationCommand } from './pay-compensation.command.js';

export { CompensationMessages } from '../payout-messages.js';

/**
 * Pays a late return's compensation (docs/decisions.md "Issue 14: compensation paid"): the
 * payout is locked and loaded (CompensationReads), libs/domain `decideCompensation` decides from
 * its state and its own dates (₹100 per India day after T + 1), and one ledger event
 * (CompensationWriter) on the stream `compensation:<payoutId>` credits the owner's
 * wallet from `system:compensation`, with the idempotency key `compensation:<payoutId>`. The
 * lock and the look for an earlier event make it once per payout whoever clicks; the key makes
 * a repeat of the same admin's request a replay. Audited in the same transaction.
 */
@CommandHandler(PayCompensationCommand)
export class PayCompensationHandler implements ICommandHandler<PayCompensationCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly reads: CompensationReads,
    private readonly writer: CompensationWriter,
    private readonly audit: AuditLog,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
  ) {}

  async execute(command: PayCompensationCommand): Promise<CompensationPaid> {
    await this.pins.verify({ userId: command.admin.userId }, command.pin, command.context);
    let outcome: { paid: CompensationPaid; announce: () => void };
    try {
      outcome = await this.uow.run(async (tx) => {
        const found = await this.reads.load(tx, command.payoutId);
        if (!found) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
        const { payout, earlier, owner } = found;
        const decision = decideCompensation({
          status: payout.status,
          createdAt: payout.createdAt,
          finishedAt: payout.finishedAt,
          updatedAt: payout.updatedAt,
          alreadyPaid: earlier !== undefined,
          wasProcessed: found.wasProcessed,
        });
        if (!decision.pay) throw refusal(decision.because, found);
        if (!owner) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
        const { appended, stored } = await this.writer.pay(tx, {
          payout,
          owner,
          amount: decision.amount,
          daysLate: decision.daysLate,
          admin: command.admin,
          context: command.context,
        });
        if (appended.replayed) {
          // The same admin's request committed meanwhile (the lock makes this all but
          // impossible): answer as for any second click.
          throw new AppError(
            ErrorKind.Conflict,
            stored
              ? CompensationMessages.alreadyPaid(compensationPaidOf(stored))
              : CompensationMessages.paidAlready,
          );
        }
        const paid: CompensationPaid = {
          amount: paiseToRupees(decision.amount),
          at: new Date().toISOString(),
          by: { id: command.admin.userId, name: command.admin.name, mobile: command.admin.mobile },
          orderID: orderId(appended.seq),
        };
        if (stored) paid.at = new Date(stored.at).toISOString();
        await this.audit.record(tx, {
          action: 'payout.compensation',
          outcome: 'success',
          actorId: command.admin.userId,
          subjectId: payout.id,
          sessionId: command.admin.sessionId,
          context: command.context,
          details: {
            amount: auditMoney(decision.amount),
            daysLate: decision.daysLate,
            payoutOrder: orderId(payout.orderSeq),
            orderID: paid.orderID,
            userId: owner.id,
          },
        });
        return { paid, announce: () => this.writer.announce(appended, owner) };
      });
    } catch (error) {
      if (error instanceof AppError) {
        await this.audit.record(this.db, {
          action: 'payout.compensation',
          outcome: 'failure',
          actorId: command.admin.userId,
          subjectId: command.payoutId,
          sessionId: command.admin.sessionId,
          context: command.context,
          details: { refused: error.message },
        });
      }
      throw error;
    }
    outcome.announce();
    return outcome.paid;
  }
}

function refusal(because: CompensationRefusal, { payout, earlier }: CompensationCase): AppError {
  switch (because) {
    case 'already-paid':
      return new AppError(
        ErrorKind.Conflict,
        earlier
          ? CompensationMessages.alreadyPaid(compensationPaidOf(earlier))
          : CompensationMessages.paidAlready,
      );
    case 'not-failed':
      return new AppError(ErrorKind.Conflict, CompensationMessages.notFailed(payout.status));
    case 'paid-by-bank':
      return new AppError(ErrorKind.Conflict, CompensationMessages.paidByBank);
    case 'on-time':
      return new AppError(ErrorKind.Conflict, CompensationMessages.onTime);
  }
}

/** A stored compensation as the screen shows it. */
export function compensationPaidOf(row: CompensationRow): CompensationPaid {
  return {
    amount: paiseToRupees(Number(row.amount)),
    at: new Date(row.at).toISOString(),
    by: { id: row.actorId, name: row.actorName, mobile: row.actorMobile },
    orderID: orderId(row.seq),
  };
}
