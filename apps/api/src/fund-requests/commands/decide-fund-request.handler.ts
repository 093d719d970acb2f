import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  ApprovalMessages,
  checkFundDecisionReason,
  fundDecisionRefusal,
  fundDecisionStep,
  FundRequestMessages,
  isUuid,
  statementLineRefusal,
  type FundRequestRecord,
} from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { SecondApprovals, type ApprovalAsked } from '../../approvals/second-approvals.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { refusalError } from '../../common/refusal-error.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork, type Tx } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { FundRequestDecisions } from '../fund-request-decisions.js';
import { FundRequestsRepository, type FundRequestRow } from '../fund-requests.repository.js';
import { lineSupports } from '../statement-match.js';
import { DecideFundRequestCommand } from './decide-fund-request.command.js';

/** The decision committed: the seq of a payment, or the ask for a second admin. */
interface Outcome {
  row: FundRequestRow;
  seq?: string | null;
  asked?: ApprovalAsked;
}

/**
 * Load (the request under its row lock, the bank line), decide (libs/domain
 * fund-request-decision.ts), commit (FundRequestDecisions: the payment or the rejection, or
 * SecondApprovals: the ask for a second admin).
 */
@CommandHandler(DecideFundRequestCommand)
export class DecideFundRequestHandler implements ICommandHandler<DecideFundRequestCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: FundRequestsRepository,
    private readonly scopes: NetworkScopes,
    private readonly pins: PinVerifier,
    private readonly second: SecondApprovals,
    private readonly decisions: FundRequestDecisions,
  ) {}

  async execute(command: DecideFundRequestCommand): Promise<FundRequestRecord | ApprovalAsked> {
    const { actor, requestId, action, context } = command;
    const reason = checkFundDecisionReason(action, command.reason);
    if (!reason.ok) throw new AppError(ErrorKind.Invalid, reason.message);
    if (!isUuid(requestId)) throw new AppError(ErrorKind.NotFound, FundRequestMessages.notFound);
    const lineId = command.statementLineId;
    const lineRefusal = statementLineRefusal(actor, action, lineId !== undefined);
    if (lineRefusal) throw refusalError(lineRefusal);
    // Run as a second admin's approval, the approval checked that admin's PIN.
    if (!command.approval) await this.pins.verify(actor, command.pin, context);

    const outcome = await this.uow.run(async (tx): Promise<Outcome> => {
      // The row lock orders two deciders: the second one reads the first one's decision.
      const row = await this.requests.lock(tx, requestId);
      if (!row || !(await this.scopes.canSee(tx, actor, row.userId))) {
        throw new AppError(ErrorKind.NotFound, FundRequestMessages.notFound);
      }
      const refusal = fundDecisionRefusal(actor, row);
      if (refusal) throw refusalError(refusal);
      const step = fundDecisionStep({
        action,
        withLine: lineId !== undefined,
        approverId: row.approverId,
        secondApproval: command.approval !== undefined,
      });
      if (step === 'reject') {
        await this.decisions.reject(tx, command, row, reason.value!);
        return { row, seq: null };
      }
      if (step === 'ask-second-admin') {
        return { row, asked: await this.askSecondAdmin(tx, command, row) };
      }
      if (lineId !== undefined) await this.claimable(tx, lineId, row);
      return { row, seq: await this.decisions.pay(tx, command, row, lineId ?? null) };
    });
    if (outcome.asked) return outcome.asked;
    const state = action === 'approve' ? 'approved' : 'rejected';
    return this.decisions.published(outcome.row, state, reason.value, outcome.seq ?? null);
  }

  /**
   * Issue 31 item 4: money from the funding account with no bank line behind it is minted on
   * one admin's word, so a second admin approves it (the Approvals queue). The request's row
   * lock orders two askers: one open approval per request.
   */
  private async askSecondAdmin(
    tx: Tx,
    { actor, context }: DecideFundRequestCommand,
    row: FundRequestRow,
  ): Promise<ApprovalAsked> {
    if (await this.second.awaitsSecondAdmin(tx, row.id)) {
      throw new AppError(ErrorKind.Conflict, ApprovalMessages.alreadyAwaiting);
    }
    return this.second.ask(tx, {
      kind: 'fund-request.approve',
      admin: actor,
      requestKey: `fund-request:${row.id}:${randomUUID()}`,
      subjectId: row.userId,
      amount: Number(row.amount),
      remark: row.remark,
      fundRequestId: row.id,
      context,
    });
  }

  /** The line exists in the request's bank account, is free, and supports the request. */
  private async claimable(tx: Tx, lineId: string, row: FundRequestRow): Promise<void> {
    const line = isUuid(lineId) ? await this.requests.lockLine(tx, lineId) : undefined;
    if (!line || line.bankAccountId !== row.bankAccountId) {
      throw new AppError(ErrorKind.NotFound, FundRequestMessages.lineNotFound);
    }
    if (line.fundRequestId) throw new AppError(ErrorKind.Conflict, FundRequestMessages.lineClaimed);
    if (
      !lineSupports(
        { ...line, amount: Number(line.amount) },
        { ...row, amount: Number(row.amount) },
      )
    ) {
      throw new AppError(ErrorKind.Invalid, FundRequestMessages.lineMismatch);
    }
  }
}
