import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  auditMoney,
  paiseToRupees,
  returnClock,
  roleKind,
  type CompensationPaid,
  type RoleKind,
} from '@khata/domain';
import { Ledger, type RecordOpened } from '@khata/ledger';
import { createHash } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { UserAccountIds } from '../../ledger/user-account-ids.js';
import { appendedAnnouncement } from '../../transactions/appended-announcement.js';
import { ProjectedAppends } from '../../transactions/projected-appends.repository.js';
import { orderId } from '../../transactions/transaction-record.js';
import { UsersRepository } from '../../users/users.repository.js';
import { PayoutMessages } from '../payout-messages.js';
import {
  compensationStream,
  PayoutsRepository,
  type CompensationRow,
} from '../payouts.repository.js';
import { PayCompensationCommand } from './pay-compensation.command.js';

export const CompensationMessages = {
  notFailed: (status: string) =>
    `Only a payout that failed or was reversed before payment is owed compensation; this one is ${status}.`,
  paidByBank: 'The bank paid this payout before it came back: no compensation is owed.',
  onTime: 'This payout came back by T + 1: no compensation is owed.',
  alreadyPaid: (paid: CompensationPaid) =>
    `The compensation of ₹${paid.amount} was already paid on ${paid.at.slice(0, 10)}.`,
} as const;

/**
 * Pays a late return's compensation (docs/decisions.md "Issue 14: compensation paid"): the
 * payout is locked, its state and its own dates decide the amount (₹100 per India day after
 * T + 1), and one ledger event on the stream `compensation:<payoutId>` credits the owner's
 * wallet from `system:compensation`, with the idempotency key `compensation:<payoutId>`. The
 * lock and the look for an earlier event make it once per payout whoever clicks; the key makes
 * a repeat of the same admin's request a replay. Audited in the same transaction.
 */
@CommandHandler(PayCompensationCommand)
export class PayCompensationHandler implements ICommandHandler<PayCompensationCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly payouts: PayoutsRepository,
    private readonly users: UsersRepository,
    private readonly ledger: Ledger,
    private readonly accountIds: UserAccountIds,
    private readonly appends: ProjectedAppends,
    private readonly events: EventBus,
    private readonly audit: AuditLog,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: PayCompensationCommand): Promise<CompensationPaid> {
    await this.pins.verify({ userId: command.admin.userId }, command.pin, command.context);
    const compensationAccount = await this.ledger.systemAccount('system:compensation');
    let outcome: { paid: CompensationPaid; announce: () => void };
    try {
      outcome = await this.uow.run(async (tx) => {
        const payout = await this.payouts.lock(tx, command.payoutId);
        if (!payout) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
        const earlier = (await this.payouts.compensationsPaid(tx, [payout.id])).get(payout.id);
        if (earlier) {
          throw new AppError(
            ErrorKind.Conflict,
            CompensationMessages.alreadyPaid(compensationPaidOf(earlier)),
          );
        }
        if (payout.status !== 'failed' && payout.status !== 'reversed') {
          throw new AppError(ErrorKind.Conflict, CompensationMessages.notFailed(payout.status));
        }
        if (await this.payouts.wasProcessed(tx, payout)) {
          throw new AppError(ErrorKind.Conflict, CompensationMessages.paidByBank);
        }
        const returnedAt = payout.finishedAt ?? payout.updatedAt;
        const clock = returnClock(payout.createdAt, returnedAt, returnedAt);
        if (clock.compensation <= 0) {
          throw new AppError(ErrorKind.Conflict, CompensationMessages.onTime);
        }
        const owner = await this.users.findById(payout.userId, tx);
        if (!owner) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
        const wallet = await this.accountIds.of(owner.id, 'wallet');
        const payoutOrder = orderId(payout.orderSeq);
        const reason = `Compensation for late return of ${payoutOrder}`;
        const record: RecordOpened = {
          kind: 'open',
          type: 'walletCredit',
          status: 'success',
          parties: [
            {
              userId: owner.id,
              accountId: wallet,
              direction: 'credit',
              amount: clock.compensation,
              fee: 0,
              details: { senderName: 'Khata', senderMobile: null },
            },
          ],
          details: {
            beneficiaryName: owner.name,
            beneficiaryMobile: owner.mobile,
            remark: reason,
            compensationFor: payout.id,
            compensationForOrder: payoutOrder,
            daysLate: clock.daysLate,
          },
          remitterMobile: null,
        };
        const key = compensationStream(payout.id);
        const appended = await this.appends.within(tx).append({
          type: 'wallet.credited',
          stream: key,
          legs: [
            { accountId: compensationAccount, amount: -clock.compensation },
            { accountId: wallet, amount: clock.compensation },
          ],
          data: {
            record,
            payoutId: payout.id,
            amount: clock.compensation,
            daysLate: clock.daysLate,
            reason,
          },
          metadata: {
            sessionId: command.admin.sessionId,
            ip: command.context.ip,
            latitude: command.context.latitude,
            longitude: command.context.longitude,
            requestId: command.context.requestId,
          },
          actorId: command.admin.userId,
          idempotencyKey: key,
          requestHash: createHash('sha256')
            .update(JSON.stringify(['compensation', payout.id, clock.compensation]))
            .digest('hex'),
        });
        if (appended.replayed) {
          // The same admin's request committed meanwhile (the lock makes this all but
          // impossible): answer as for any second click.
          const paid = (await this.payouts.compensationsPaid(tx, [payout.id])).get(payout.id);
          throw new AppError(
            ErrorKind.Conflict,
            paid ? CompensationMessages.alreadyPaid(compensationPaidOf(paid)) : 'Already paid.',
          );
        }
        const paid: CompensationPaid = {
          amount: paiseToRupees(clock.compensation),
          at: new Date().toISOString(),
          by: { id: command.admin.userId, name: command.admin.name, mobile: command.admin.mobile },
          orderID: orderId(appended.seq),
        };
        const stored = (await this.payouts.compensationsPaid(tx, [payout.id])).get(payout.id);
        if (stored) paid.at = new Date(stored.at).toISOString();
        await this.audit.record(tx, {
          action: 'payout.compensation',
          outcome: 'success',
          actorId: command.admin.userId,
          subjectId: payout.id,
          sessionId: command.admin.sessionId,
          context: command.context,
          details: {
            amount: auditMoney(clock.compensation),
            daysLate: clock.daysLate,
            payoutOrder,
            orderID: paid.orderID,
            userId: owner.id,
          },
        });
        const kinds = new Map<string, RoleKind | undefined>([
          [owner.id, roleKind(owner.role, this.config.productKey)],
        ]);
        return {
          paid,
          announce: () => {
            const announcement = appendedAnnouncement(appended, kinds);
            if (announcement) this.events.publish(announcement);
          },
        };
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

/** A stored compensation as the screen shows it. */
export function compensationPaidOf(row: CompensationRow): CompensationPaid {
  return {
    amount: paiseToRupees(Number(row.amount)),
    at: new Date(row.at).toISOString(),
    by: { id: row.actorId, name: row.actorName, mobile: row.actorMobile },
    orderID: orderId(row.seq),
  };
}
