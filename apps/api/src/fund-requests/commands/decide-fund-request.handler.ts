import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  ApprovalMessages,
  auditMoney,
  checkFundDecisionReason,
  FundRequestMessages,
  isUuid,
  MAX_WALLET_BALANCE,
  type FundRequestRecord,
} from '@khata/domain';
import { Ledger, LedgerError, type RecordOpened } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { SecondApprovals, type ApprovalAsked } from '../../approvals/second-approvals.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db, UnitOfWork, type Tx } from '../../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../../ledger/ledger-appended.event.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { toFundRequestRecord } from '../fund-request-record.js';
import { FundRequestUpdatedEvent } from '../fund-request-updated.event.js';
import { FundRequestsRepository, type FundRequestRow } from '../fund-requests.repository.js';
import { lineSupports } from '../statement-match.js';
import { DecideFundRequestCommand } from './decide-fund-request.command.js';

/** Whether this actor is the one who decides this request: its upline, or an admin. */
export function decides(actor: { userId: string; kind: string }, row: FundRequestRow): boolean {
  return row.approverId === null ? actor.kind === 'admin' : row.approverId === actor.userId;
}

@CommandHandler(DecideFundRequestCommand)
export class DecideFundRequestHandler implements ICommandHandler<DecideFundRequestCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: FundRequestsRepository,
    private readonly scopes: NetworkScopes,
    private readonly pins: PinVerifier,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly db: Db,
    private readonly second: SecondApprovals,
  ) {}

  async execute(command: DecideFundRequestCommand): Promise<FundRequestRecord | ApprovalAsked> {
    const { actor, requestId, action, context } = command;
    const reason = checkFundDecisionReason(action, command.reason);
    if (!reason.ok) throw new AppError(ErrorKind.Invalid, reason.message);
    if (!isUuid(requestId)) throw new AppError(ErrorKind.NotFound, FundRequestMessages.notFound);
    const lineId = command.statementLineId;
    if (lineId !== undefined && (action !== 'approve' || actor.kind !== 'admin')) {
      throw new AppError(ErrorKind.Forbidden, FundRequestMessages.onlyAdminsMatch);
    }
    // Run as a second admin's approval, the approval checked that admin's PIN.
    if (!command.approval) await this.pins.verify(actor, command.pin, context);

    const outcome = await this.uow.run(async (tx) => {
      // The row lock orders two deciders: the second one reads the first one's decision.
      const row = await this.requests.lock(tx, requestId);
      if (!row || !(await this.scopes.canSee(tx, actor, row.userId))) {
        throw new AppError(ErrorKind.NotFound, FundRequestMessages.notFound);
      }
      if (!decides(actor, row)) {
        throw new AppError(
          ErrorKind.Forbidden,
          FundRequestMessages.notYourApproval(row.approverName ?? 'an admin'),
        );
      }
      if (row.state !== 'pending') {
        throw new AppError(ErrorKind.Conflict, FundRequestMessages.alreadyDecided(row.state));
      }
      const at = this.clock.now();
      if (action === 'reject') {
        await this.requests.reject(tx, row.id, { by: actor.userId, at, reason: reason.value! });
        await this.record(tx, command, row, { state: 'rejected', reason: reason.value });
        return { row, seq: null };
      }
      if (lineId !== undefined) await this.claimable(tx, lineId, row);
      if (lineId === undefined && row.approverId === null && !command.approval) {
        return { row, seq: null, asked: await this.askSecondAdmin(tx, command, row) };
      }
      const seq = await this.pay(tx, command, row, lineId ?? null);
      return { row, seq };
    });
    if ('asked' in outcome && outcome.asked) return outcome.asked;
    if (outcome.seq) this.events.publish(new LedgerAppendedEvent([outcome.seq]));
    const state = action === 'approve' ? 'approved' : 'rejected';
    this.events.publish(
      new FundRequestUpdatedEvent(
        requestId,
        [outcome.row.userId, ...(outcome.row.approverId ? [outcome.row.approverId] : [])],
        outcome.row.approverId === null,
        state,
        reason.value,
      ),
    );
    const decided = await this.requests.find(this.db, requestId);
    return toFundRequestRecord(decided!, false);
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

  /**
   * One ledger event: the approver's wallet (or the company's funding account) pays the
   * requester's wallet. Its stream and idempotency key are the request's id, so even a
   * second approval that got past the row lock could not pay twice.
   */
  private async pay(
    tx: Tx,
    command: DecideFundRequestCommand,
    row: FundRequestRow,
    lineId: string | null,
  ): Promise<string> {
    const { actor, context } = command;
    const ledger = this.ledger.within(tx);
    const amount = Number(row.amount);
    const [from, to] = await Promise.all([
      row.approverId
        ? ledger.userAccount(row.approverId, 'wallet')
        : ledger.systemAccount('system:funding'),
      ledger.userAccount(row.userId, 'wallet'),
    ]);
    const record: RecordOpened = {
      kind: 'open',
      type: 'fundRequest',
      status: 'success',
      parties: [
        ...(row.approverId
          ? [
              {
                userId: row.approverId,
                accountId: from,
                direction: 'debit' as const,
                amount,
                fee: 0,
              },
            ]
          : []),
        {
          userId: row.userId,
          accountId: to,
          direction: 'credit',
          amount,
          fee: 0,
          details: row.approverId
            ? { senderName: row.approverName, senderMobile: null }
            : { senderName: 'Khata', senderMobile: null },
        },
      ],
      details: {
        beneficiaryName: row.userName,
        beneficiaryMobile: row.userMobile,
        paymentMode: row.mode,
        remark: row.remark,
        fundRequestId: row.id,
      },
      remitterMobile: null,
      externalRef: row.utr,
    };
    let appended;
    try {
      appended = await ledger.append({
        type: 'wallet.credited',
        stream: `fund-request:${row.id}`,
        legs: [
          { accountId: from, amount: -amount },
          { accountId: to, amount, ceiling: MAX_WALLET_BALANCE },
        ],
        data: {
          record,
          fundRequest: {
            id: row.id,
            utr: row.utr,
            bankAccountId: row.bankAccountId,
            statementLineId: lineId,
          },
        },
        metadata: {
          sessionId: actor.sessionId,
          ip: context.ip,
          latitude: context.latitude,
          longitude: context.longitude,
          requestId: context.requestId,
        },
        actorId: actor.userId,
        idempotencyKey: `fund-request:${row.id}`,
      });
    } catch (error) {
      if (error instanceof LedgerError && error.kind === 'insufficient-funds') {
        throw new AppError(ErrorKind.Refused, FundRequestMessages.approverLacksFunds);
      }
      if (error instanceof LedgerError && error.kind === 'above-ceiling') {
        throw new AppError(ErrorKind.Refused, FundRequestMessages.recipientFull);
      }
      throw error;
    }
    const changed = await this.requests.approve(tx, row.id, {
      by: actor.userId,
      at: this.clock.now(),
      eventId: appended.id,
      seq: appended.seq,
      lineId,
    });
    if (changed !== 1) {
      throw new AppError(ErrorKind.Conflict, FundRequestMessages.alreadyDecided('approved'));
    }
    if (lineId) await this.requests.claimLine(tx, lineId, row.id);
    await this.record(tx, command, row, {
      state: 'approved',
      reason: null,
      eventId: appended.id,
      seq: appended.seq,
      statementLineId: lineId,
      paidFrom: row.approverId ? 'upline-wallet' : 'system:funding',
    });
    return appended.seq;
  }

  private record(
    tx: Tx,
    { actor, context }: DecideFundRequestCommand,
    row: FundRequestRow,
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(tx, {
      action: 'fund-request.decision',
      outcome: 'success',
      actorId: actor.userId,
      subjectId: row.userId,
      sessionId: actor.sessionId,
      context,
      details: { id: row.id, amount: auditMoney(Number(row.amount)), utr: row.utr, ...details },
    });
  }
}
