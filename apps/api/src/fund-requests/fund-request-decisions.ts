import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  auditMoney,
  FundRequestMessages,
  KHATA_AS_SENDER,
  fundRequestPaidFrom,
  MAX_WALLET_BALANCE,
  type FundRequestRecord,
} from '@khata/domain';
import {
  creditParty,
  debitParty,
  Ledger,
  LedgerError,
  ledgerStream,
  openedRecord,
} from '@khata/ledger';
import { AuditLog } from '../audit/audit.repository.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { LedgerAppendedEvent } from '../ledger/ledger-appended.event.js';
import type { DecideFundRequestCommand } from './commands/decide-fund-request.command.js';
import { toFundRequestRecord } from './fund-request-record.js';
import { FundRequestUpdatedEvent } from './fund-request-updated.event.js';
import { FundRequestsRepository, type FundRequestRow } from './fund-requests.repository.js';

/**
 * The commit of a fund-request decision (issue 24): the rejection, or the payment through the
 * ledger, each with its audit row, in the decider's transaction; after the commit, the events
 * that tell the ledger's projections and the people concerned, and the request as decided.
 */
@Injectable()
export class FundRequestDecisions {
  constructor(
    private readonly requests: FundRequestsRepository,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly db: Db,
  ) {}

  async reject(
    tx: Tx,
    command: DecideFundRequestCommand,
    row: FundRequestRow,
    reason: string,
  ): Promise<void> {
    const at = this.clock.now();
    await this.requests.reject(tx, row.id, { by: command.actor.userId, at, reason });
    await this.record(tx, command, row, { state: 'rejected', reason });
  }

  /**
   * One ledger event: the approver's wallet (or the company's funding account) pays the
   * requester's wallet. Its stream and idempotency key are the request's id, so even a
   * second approval that got past the row lock could not pay twice. Answers its seq.
   */
  async pay(
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
    const record = openedRecord({
      type: 'fundRequest',
      status: 'success',
      parties: [
        ...(row.approverId
          ? [debitParty({ userId: row.approverId, accountId: from, amount })]
          : []),
        creditParty({
          userId: row.userId,
          accountId: to,
          amount,
          details: row.approverId
            ? { senderName: row.approverName, senderMobile: null }
            : KHATA_AS_SENDER,
        }),
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
    });
    let appended;
    try {
      appended = await ledger.append({
        type: 'wallet.credited',
        stream: ledgerStream('fund-request', row.id),
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
      paidFrom: fundRequestPaidFrom(row.approverId),
    });
    return appended.seq;
  }

  /**
   * After the commit: the ledger's new seq (when money moved) to its projections, the decision
   * to the requester, its upline approver and (an admin's to decide) the admins; then the
   * request as it now stands.
   */
  async published(
    row: FundRequestRow,
    state: 'approved' | 'rejected',
    reason: string | null,
    seq: string | null,
  ): Promise<FundRequestRecord> {
    if (seq) this.events.publish(new LedgerAppendedEvent([seq]));
    this.events.publish(
      new FundRequestUpdatedEvent(
        row.id,
        [row.userId, ...(row.approverId ? [row.approverId] : [])],
        row.approverId === null,
        state,
        reason,
      ),
    );
    const decided = await this.requests.find(this.db, row.id);
    return toFundRequestRecord(decided!, false);
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
