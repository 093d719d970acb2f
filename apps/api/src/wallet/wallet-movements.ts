import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  BalanceMessages,
  KHATA_AS_SENDER,
  MAX_WALLET_BALANCE,
  type Paise,
  type RoleKind,
} from '@khata/domain';
import {
  creditParty,
  debitParty,
  Ledger,
  LedgerError,
  ledgerStream,
  openedRecord,
  type RecordOpened,
} from '@khata/ledger';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { UserAccountIds } from '../ledger/user-account-ids.js';
import { appendedAnnouncement } from '../transactions/appended-announcement.js';
import {
  ProjectedAppends,
  type ProjectedEvent,
} from '../transactions/projected-appends.repository.js';
import { ReadModelRepository } from '../transactions/read-model.repository.js';
import {
  openedRecordSource,
  toTransactionRecord,
  type TransactionRecord,
} from '../transactions/transaction-record.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserDirectory } from '../users/user-directory.js';
import type { SecondApproval } from '../approvals/second-approvals.js';
import type { MoneyMoved } from './commands/send-money.command.js';
import { WalletMessages } from './wallet-messages.js';

interface Movement {
  type: 'wallet.transferred' | 'wallet.credited' | 'wallet.debited';
  actor: AuthUser;
  /**
   * The wallet that pays: the actor's own, or the funding system account for a credit. An
   * admin debit (issue 13) runs the other way: the recipient's wallet pays the funding account.
   */
  payer: 'actor' | 'funding';
  recipientMobile: string;
  amount: Paise;
  remark: string | undefined;
  idempotencyKey: string;
  context: RequestContext;
  /**
   * Set when the movement runs as a second admin's approval (issue 31 item 4): the ledger event
   * is then the requester's, keyed by the approval, and its metadata names the approver.
   */
  approval?: SecondApproval;
}

/** Moves money into a wallet through the ledger, once per Idempotency-Key, and says so after commit. */
@Injectable()
export class WalletMovements {
  private readonly logger = new Logger('WalletMovements');

  constructor(
    private readonly ledger: Ledger,
    private readonly accountIds: UserAccountIds,
    private readonly appends: ProjectedAppends,
    private readonly users: UserDirectory,
    private readonly readModel: ReadModelRepository,
    private readonly events: EventBus,
  ) {}

  async move(movement: Movement): Promise<MoneyMoved> {
    const recipient = await this.recipient(movement.recipientMobile, movement.payer);
    if (recipient.id === movement.actor.userId && movement.payer === 'actor') {
      throw new AppError(ErrorKind.Refused, WalletMessages.toSelf);
    }
    const [from, to] = await Promise.all([
      movement.payer === 'actor'
        ? this.accountIds.of(movement.actor.userId, 'wallet')
        : this.ledger.systemAccount('system:funding'),
      this.accountIds.of(recipient.id, 'wallet'),
    ]);
    if (movement.type === 'wallet.debited') return this.debit(movement, recipient, to, from);
    const fromUserId = movement.payer === 'actor' ? movement.actor.userId : null;
    const record = openedRecord({
      type: movement.type === 'wallet.credited' ? 'walletCredit' : 'walletTransfer',
      status: 'success',
      parties: [
        ...(fromUserId
          ? [debitParty({ userId: fromUserId, accountId: from, amount: movement.amount })]
          : []),
        creditParty({
          userId: recipient.id,
          accountId: to,
          amount: movement.amount,
          // The recipient's receipt names who sent it (an admin's credit comes from Khata).
          details: fromUserId
            ? { senderName: movement.actor.name, senderMobile: movement.actor.mobile }
            : KHATA_AS_SENDER,
        }),
      ],
      details: {
        beneficiaryName: recipient.name,
        beneficiaryMobile: recipient.mobile,
        remark: movement.remark ?? null,
      },
      remitterMobile: fromUserId ? movement.actor.mobile : null,
    });
    const stream = ledgerStream(
      movement.type === 'wallet.credited' ? 'credit' : 'transfer',
      randomUUID(),
    );
    // The payer sees their side of a transfer; an admin's credit answers the recipient's side.
    const viewer = fromUserId ?? recipient.id;
    const kinds = new Map<string, RoleKind | undefined>([[recipient.id, this.kindOf(recipient)]]);
    if (fromUserId) kinds.set(fromUserId, movement.actor.kind);
    return this.appendProjected(
      {
        type: movement.type,
        stream,
        legs: [
          { accountId: from, amount: -movement.amount },
          { accountId: to, amount: movement.amount, ceiling: MAX_WALLET_BALANCE },
        ],
        data: { record },
        metadata: metadataOf(movement),
        actorId: movement.approval?.requestedBy ?? movement.actor.userId,
        idempotencyKey: movement.idempotencyKey,
        requestHash: requestHash(movement.type, recipient.id, movement.amount, movement.remark),
      },
      record,
      { viewer, recipientId: recipient.id, kinds },
    );
  }

  /**
   * An admin debit (issue 13): the user's wallet pays the funding account, under the wallet's
   * floor (overdraft limit included), with the admin's reason on the receipt.
   */
  private async debit(
    movement: Movement,
    user: UserEntity,
    wallet: string,
    funding: string,
  ): Promise<MoneyMoved> {
    const record = openedRecord({
      type: 'walletDebit',
      status: 'success',
      parties: [debitParty({ userId: user.id, accountId: wallet, amount: movement.amount })],
      // The user's statement and receipt read it as money paid to Khata, with the reason.
      details: {
        beneficiaryName: 'Khata',
        beneficiaryMobile: null,
        remark: movement.remark ?? null,
      },
      remitterMobile: null,
    });
    const stream = ledgerStream('debit', randomUUID());
    return this.appendProjected(
      {
        type: movement.type,
        stream,
        legs: [
          { accountId: wallet, amount: -movement.amount },
          { accountId: funding, amount: movement.amount },
        ],
        data: { record, reason: movement.remark ?? null },
        metadata: metadataOf(movement),
        actorId: movement.approval?.requestedBy ?? movement.actor.userId,
        idempotencyKey: movement.idempotencyKey,
        requestHash: requestHash(movement.type, user.id, movement.amount, movement.remark),
      },
      record,
      { viewer: user.id, recipientId: user.id, kinds: new Map([[user.id, this.kindOf(user)]]) },
    ).catch((error: unknown) => {
      if (error instanceof LedgerError && error.kind === 'insufficient-funds') {
        throw new AppError(ErrorKind.Refused, BalanceMessages.debitAboveAvailable);
      }
      throw error;
    });
  }

  /**
   * Appends and projects in one database call (issue 15), then answers with the viewer's
   * record and tells the sockets from what that call returned: nothing is read back. When the
   * projection failed, the event has still committed: it is projected after commit as any
   * other event (the catch-up job is the safety net) and the answer is read from the log.
   */
  private async appendProjected(
    event: ProjectedEvent,
    facts: RecordOpened,
    {
      viewer,
      recipientId,
      kinds,
    }: { viewer: string; recipientId: string; kinds: Map<string, RoleKind | undefined> },
  ): Promise<MoneyMoved> {
    const appended = await this.appends.append(event);
    const announcement = appendedAnnouncement(appended, kinds);
    if (announcement) this.events.publish(announcement);
    let transaction: TransactionRecord | undefined;
    if (appended.replayed) {
      transaction = await this.readModel.openedBy(appended.seq, viewer);
    } else if (!appended.projection) {
      this.logger.warn(`Projection of ${appended.seq} deferred: ${appended.projectionError}`);
      transaction = await this.committed(appended.seq, event.stream, facts, viewer);
    } else {
      transaction = appended.projection.records.find((each) => each.userId === viewer)?.record;
    }
    if (!transaction) throw new Error(`Ledger event ${appended.seq} opened no record.`);
    return { record: transaction, recipientId, replayed: appended.replayed };
  }

  /**
   * The receipt of a movement that has committed. Reading it back can still fail (a lost
   * connection); the money has moved all the same, so the answer is then built from what was
   * committed, without the balance after, rather than an error a client would retry with a
   * fresh key and pay twice.
   */
  private async committed(
    seq: string,
    stream: string,
    facts: RecordOpened,
    viewer: string,
  ): Promise<TransactionRecord | undefined> {
    try {
      return await this.readModel.openedBy(seq, viewer);
    } catch (error) {
      this.logger.error(
        { err: error, seq },
        'Reading a committed movement back failed; answering from its facts',
      );
      const source = openedRecordSource({
        seq,
        stream,
        facts,
        userId: viewer,
        at: new Date(),
        balanceAfter: null,
      });
      return source && toTransactionRecord(source);
    }
  }

  private kindOf(user: UserEntity): RoleKind | undefined {
    return this.users.kindOf(user.role);
  }

  /**
   * Any active person with a wallet; blocked users receive nothing. A partner's wallet is
   * funded by an admin credit only, never by a transfer (docs/decisions.md, "Issue 12: partners").
   */
  async recipient(mobile: string, payer: Movement['payer']): Promise<UserEntity> {
    const user = await this.users.findByMobile(mobile);
    const kind = user && this.kindOf(user);
    const refusesPartner = kind === 'partner' && payer === 'actor';
    if (!user || !kind || refusesPartner || user.status !== 'active') {
      throw new AppError(ErrorKind.NotFound, WalletMessages.recipientNotFound);
    }
    return user;
  }
}

/** Who asked, from where: the event's metadata. */
function metadataOf(movement: Movement): Record<string, unknown> {
  return {
    sessionId: movement.actor.sessionId,
    ip: movement.context.ip,
    latitude: movement.context.latitude,
    longitude: movement.context.longitude,
    requestId: movement.context.requestId,
    ...(movement.approval && {
      approvalId: movement.approval.id,
      approvedBy: movement.actor.userId,
    }),
  };
}

/** What makes two requests "the same" for idempotency: kind, recipient, amount, remark. */
function requestHash(
  type: string,
  recipientId: string,
  amount: Paise,
  remark: string | undefined,
): string {
  return createHash('sha256')
    .update(JSON.stringify([type, recipientId, amount, remark ?? null]))
    .digest('hex');
}
