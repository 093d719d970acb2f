import { ApprovalMessages, auditMoney } from '@khata/domain';
import { Injectable, Logger } from '@nestjs/common';
import { SecondApprovals, type ApprovalAsked } from '../../approvals/second-approvals.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork } from '../../database/unit-of-work.js';
import { WalletMovements } from '../wallet-movements.js';
import type { CreditWalletCommand, DebitWalletCommand } from './credit-wallet.command.js';
import type { MoneyMoved } from './send-money.command.js';

type AdminMoneyCommand = CreditWalletCommand | DebitWalletCommand;

/**
 * An admin's credit or debit of a wallet (issue 13), with issue 31's step-up: never the admin's
 * own wallet, the PIN, and above the threshold a second admin's approval instead of a posting.
 * Run as that approval (`command.approval`), the approver's PIN was checked by the approval.
 */
@Injectable()
export class AdminMoney {
  private readonly logger = new Logger('AdminMoney');

  constructor(
    private readonly pins: PinVerifier,
    private readonly movements: WalletMovements,
    private readonly second: SecondApprovals,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async run(
    command: AdminMoneyCommand,
    action: 'wallet.credit' | 'wallet.debit',
    remark: string | undefined,
  ): Promise<MoneyMoved | ApprovalAsked> {
    const { admin, approval, context } = command;
    if (command.mobile === admin.mobile) {
      throw new AppError(ErrorKind.Forbidden, ApprovalMessages.ownWallet);
    }
    if (!approval) {
      await this.pins.verify({ userId: admin.userId }, command.pin, context);
      if (this.second.needed(command.amount)) {
        const subject = await this.movements.recipient(command.mobile, 'funding');
        return this.uow.run((tx) =>
          this.second.ask(tx, {
            kind: action,
            admin,
            requestKey: command.idempotencyKey,
            subjectId: subject.id,
            amount: command.amount,
            remark: remark ?? null,
            fundRequestId: null,
            context,
          }),
        );
      }
    }
    const moved = await this.movements.move({
      type: action === 'wallet.credit' ? 'wallet.credited' : 'wallet.debited',
      actor: admin,
      payer: 'funding',
      recipientMobile: command.mobile,
      amount: command.amount,
      remark,
      idempotencyKey: command.idempotencyKey,
      context,
      approval,
    });
    // Committed already (the event names the admin, session and address): a failed audit
    // write is logged, never answered as a failure a client would retry.
    if (!moved.replayed) {
      await this.audit
        .record(this.db, {
          action,
          outcome: 'success',
          actorId: admin.userId,
          subjectId: moved.recipientId,
          sessionId: admin.sessionId,
          context,
          details: {
            eventId: moved.record._id,
            orderID: moved.record.payload.orderID,
            amount: auditMoney(command.amount),
            ...(action === 'wallet.debit' && { reason: remark }),
            ...(approval && { approvalId: approval.id, requestedBy: approval.requestedBy }),
          },
        })
        .catch((error: unknown) =>
          this.logger.error(
            { err: error, eventId: moved.record._id },
            `Audit of a ${action} failed`,
          ),
        );
    }
    return moved;
  }
}
