import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApprovalMessages, isUuid, type ApprovalRecord } from '@khata/domain';
import { LedgerError } from '@khata/ledger';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork, type Tx } from '../../database/unit-of-work.js';
import { DecideFundRequestCommand } from '../../fund-requests/commands/decide-fund-request.command.js';
import {
  CreditWalletCommand,
  DebitWalletCommand,
} from '../../wallet/commands/credit-wallet.command.js';
import { mayApprove, toApprovalRecord } from '../../approvals/approval-record.js';
import { ApprovalsRepository, type ApprovalRow } from '../../approvals/approvals.repository.js';
import { approvalKey, type SecondApproval } from '../../approvals/second-approvals.js';
import { ApprovalDecisionRecords } from '../approval-decision-records.js';
import { DecideApprovalCommand } from './decide-approval.command.js';

/**
 * The second admin's decision. An approval claims the request under its row lock (one claim
 * wins a burst), then runs the very command the first admin's request would have run, as this
 * approval; a refusal of that command (nothing posted) hands the request back to the queue.
 */
@CommandHandler(DecideApprovalCommand)
export class DecideApprovalHandler implements ICommandHandler<DecideApprovalCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly approvals: ApprovalsRepository,
    private readonly pins: PinVerifier,
    private readonly commands: CommandBus,
    private readonly records: ApprovalDecisionRecords,
    private readonly db: Db,
  ) {}

  async execute(command: DecideApprovalCommand): Promise<ApprovalRecord> {
    const { admin, approvalId, action, context } = command;
    if (action === 'reject' && !command.reason) {
      throw new AppError(ErrorKind.Invalid, ApprovalMessages.reasonRequired);
    }
    if (!isUuid(approvalId)) throw new AppError(ErrorKind.NotFound, ApprovalMessages.notFound);
    await this.pins.verify({ userId: admin.userId }, command.pin, context);
    if (action === 'reject') await this.reject(command);
    else await this.approve(command);
    const decided = await this.approvals.find(this.db, approvalId);
    return toApprovalRecord(decided!, admin.userId);
  }

  private async reject(command: DecideApprovalCommand) {
    const { admin, approvalId } = command;
    await this.uow.run(async (tx) => {
      const row = await this.open(tx, approvalId);
      // The requester may withdraw it; the wallet's owner decides nothing about its own money.
      if (row.subject.id === admin.userId) {
        throw new AppError(ErrorKind.Forbidden, ApprovalMessages.ownWalletApproval);
      }
      await this.records.rejected(tx, command, row);
    });
  }

  private async approve(command: DecideApprovalCommand) {
    const { admin, approvalId } = command;
    const row = await this.uow.run(async (tx) => {
      const locked = await this.open(tx, approvalId);
      if (locked.requestedBy.id === admin.userId) {
        throw new AppError(ErrorKind.Forbidden, ApprovalMessages.ownRequest);
      }
      if (!mayApprove(locked, admin.userId)) {
        throw new AppError(ErrorKind.Forbidden, ApprovalMessages.ownWalletApproval);
      }
      await this.approvals.claim(tx, locked.id, admin.userId);
      return locked;
    });
    let orderId: string | null;
    try {
      orderId = await this.post(command, row);
    } catch (error) {
      // A refusal means nothing posted: the request waits again. Anything else may have
      // posted, so the claim stays (docs/decisions.md, issue 31 item 4): were it released, the
      // next approval would replay the ledger's first answer, but a claim is never guessed at.
      if (error instanceof AppError || error instanceof LedgerError) {
        await this.approvals.release(this.db, row.id, admin.userId);
      }
      throw error;
    }
    await this.uow.run((tx) => this.records.approved(tx, command, row, orderId));
  }

  /** The request under its lock, still waiting for a decision. */
  private async open(tx: Tx, id: string): Promise<ApprovalRow> {
    const row = await this.approvals.lock(tx, id);
    if (!row) throw new AppError(ErrorKind.NotFound, ApprovalMessages.notFound);
    if (row.state !== 'pending') {
      throw new AppError(ErrorKind.Conflict, ApprovalMessages.alreadyDecided(row.state));
    }
    return row;
  }

  /** The first admin's command, run as this approval; answers the order id it posted. */
  private async post(
    { admin, context }: DecideApprovalCommand,
    row: ApprovalRow,
  ): Promise<string | null> {
    const approval: SecondApproval = { id: row.id, requestedBy: row.requestedBy.id };
    const remark = row.remark ?? undefined;
    switch (row.kind) {
      case 'wallet.credit': {
        const moved = await this.commands.execute(
          new CreditWalletCommand(
            admin,
            row.subject.mobile,
            row.amount,
            remark,
            undefined,
            approvalKey(approval),
            context,
            approval,
          ),
        );
        return 'record' in moved ? moved.record.payload.orderID : null;
      }
      case 'wallet.debit': {
        const moved = await this.commands.execute(
          new DebitWalletCommand(
            admin,
            row.subject.mobile,
            row.amount,
            row.remark ?? '',
            undefined,
            approvalKey(approval),
            context,
            approval,
          ),
        );
        return 'record' in moved ? moved.record.payload.orderID : null;
      }
      case 'fund-request.approve': {
        await this.commands.execute(
          new DecideFundRequestCommand(
            admin,
            row.fundRequestId!,
            'approve',
            undefined,
            undefined,
            undefined,
            context,
            approval,
          ),
        );
        return null;
      }
    }
  }
}
