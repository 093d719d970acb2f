import { Injectable } from '@nestjs/common';
import type { CommissionSplit } from '@khata/domain';
import { LedgerReads, ledgerStream } from '@khata/ledger';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { RailOutboxTable } from '../rail/rail-outbox.repository.js';
import { RailTable } from '../rail/rail-table.repository.js';
import { type Payout, type PayoutStatus, type StoredPayoutKind, payoutStream } from './payout.js';

/** A compensation paid for a late return, as `compensationsPaid` reads it. */
export interface CompensationRow {
  seq: string;
  /** Paise. */
  amount: number;
  at: Date;
  actorId: string;
  actorName: string | null;
  actorMobile: string | null;
}

/** The ledger stream of a payout's compensation: one event at most (docs/decisions.md). */
export function compensationStream(payoutId: string): string {
  return ledgerStream('compensation', payoutId);
}

/** A payout with the name and mobile of the user whose money it is. */
export interface PayoutWithPayer extends Payout {
  payerName: string;
  payerMobile: string;
}

/** The account number comes out sealed (issue 31); the repository opens it before answering. */
const COLUMNS = `
  id, kind, user_id AS "userId", unlimited, account_id AS "accountId", hold_id AS "holdId",
  beneficiary_id AS "beneficiaryId", beneficiary_name AS "beneficiaryName",
  account_sealed AS "accountNumber", ifsc, bank_name AS "bankName",
  payment_mode AS "paymentMode", amount, fee, commission,
  commission_split AS "commissionSplit", status,
  idempotency_key AS "idempotencyKey", request_hash AS "requestHash",
  remitter_mobile AS "remitterMobile", order_seq::text AS "orderSeq", utr, message,
  send_started_at AS "sendStartedAt", sends, processing_recorded AS "processingRecorded",
  status_checks AS "statusChecks",
  last_checked_at AS "lastCheckedAt", next_check_at AS "nextCheckAt",
  created_at AS "createdAt", updated_at AS "updatedAt", finished_at AS "finishedAt"`;

export type NewPayout = Omit<
  Payout,
  | 'status'
  | 'utr'
  | 'message'
  | 'sendStartedAt'
  | 'sends'
  | 'processingRecorded'
  | 'statusChecks'
  | 'lastCheckedAt'
  | 'updatedAt'
  | 'finishedAt'
  | 'commissionSplit'
>;

/** A state change of a payout row, applied only from the status it is expected to be in. */
export interface PayoutRowChange {
  from: PayoutStatus;
  to: PayoutStatus;
  at: Date;
  utr?: string | null;
  message?: string | null;
  nextCheckAt?: Date | null;
  /** Only if no send was claimed since the caller looked (a manual resolution). */
  sendStartedAt?: Date | null;
}

export interface StuckFilter {
  olderThan: Date;
  limit: number;
}

/** Postgres' unique_violation: a concurrent twin with the same Idempotency-Key got there first. */
export const UNIQUE_VIOLATION = '23505';

/**
 * The payouts table and its outbox. Every status change is a compare-and-set on the current
 * status, so two workers (or a worker and an admin's status check) can never both move one
 * payout, and a payout ends in exactly one terminal state. The account number is sealed at
 * rest and looked up by its keyed hash (DataAtRest).
 */
@Injectable()
export class PayoutsRepository {
  /** The outbox as the relay works it; its rows are written and started here. */
  readonly outbox: RailOutboxTable;
  /** The rail machine's statements (the right to send, a look noted, the sweep's claim). */
  readonly rail: RailTable;

  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {
    this.outbox = new RailOutboxTable(db, { table: 'payout_outbox', idColumn: 'payout_id' });
    this.rail = new RailTable(db, 'payouts');
  }

  /** Rows as read, their sealed account numbers opened. */
  private opened<T extends Payout>(rows: T[]): T[] {
    return rows.map((row) => ({ ...row, accountNumber: this.atRest.open(row.accountNumber) }));
  }

  /**
   * Serialises one user's payout requests until the transaction ends, so the duplicate-window
   * check and the Idempotency-Key lookup see every earlier request of theirs.
   */
  async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('payouts:' || $1, 0))`, [userId]);
  }

  async findByKey(tx: Tx, userId: string, idempotencyKey: string): Promise<Payout | undefined> {
    const { rows } = await tx.query<Payout>(
      `SELECT ${COLUMNS} FROM payouts WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, idempotencyKey],
    );
    return this.opened(rows)[0];
  }

  async find(id: string): Promise<Payout | undefined> {
    const { rows } = await this.db.query<Payout>(`SELECT ${COLUMNS} FROM payouts WHERE id = $1`, [
      id,
    ]);
    return this.opened(rows)[0];
  }

  /** The payout, locked until the transaction ends. */
  async lock(tx: Tx, id: string): Promise<Payout | undefined> {
    const { rows } = await tx.query<Payout>(
      `SELECT ${COLUMNS} FROM payouts WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return this.opened(rows)[0];
  }

  /** An earlier payout of the same amount to the same account and IFSC since `since`. */
  async findRecentTwin(
    tx: Tx,
    twin: { userId: string; accountNumber: string; ifsc: string; amount: number; since: Date },
  ): Promise<Payout | undefined> {
    const { rows } = await tx.query<Payout>(
      `SELECT ${COLUMNS} FROM payouts
        WHERE user_id = $1 AND account_hash = $2 AND ifsc = $3 AND amount = $4
          AND created_at >= $5 AND status <> 'failed'
        ORDER BY created_at DESC LIMIT 1`,
      [
        twin.userId,
        this.atRest.accountHash(twin.accountNumber),
        twin.ifsc,
        twin.amount,
        twin.since,
      ],
    );
    return this.opened(rows)[0];
  }

  /** The payout row and its outbox row, in one statement. */
  async insert(tx: Tx, payout: NewPayout): Promise<void> {
    const account = this.atRest.sealAccount(payout.accountNumber);
    await tx.query(
      `WITH payout AS (
       INSERT INTO payouts
         (id, kind, user_id, unlimited, account_id, hold_id, beneficiary_id, beneficiary_name,
          account_sealed, account_hash, ifsc, bank_name, payment_mode, amount, fee, status,
          idempotency_key, request_hash, remitter_mobile, order_seq, next_check_at, created_at,
          updated_at, commission)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'queued', $16,
               $17, $18, $19, $20, $21, $21, $22)
       RETURNING id, created_at)
       INSERT INTO payout_outbox (payout_id, created_at) SELECT id, created_at FROM payout`,
      [
        payout.id,
        payout.kind,
        payout.userId,
        payout.unlimited,
        payout.accountId,
        payout.holdId,
        payout.beneficiaryId,
        payout.beneficiaryName,
        account.sealed,
        account.hash,
        payout.ifsc,
        payout.bankName,
        payout.paymentMode,
        payout.amount,
        payout.fee,
        payout.idempotencyKey,
        payout.requestHash,
        payout.remitterMobile,
        payout.orderSeq,
        payout.nextCheckAt,
        payout.createdAt,
        payout.commission === null ? null : JSON.stringify(payout.commission),
      ],
    );
  }

  /** Moves the payout from `from` to `to`; undefined when it was no longer in `from`. */
  async move(tx: Tx, id: string, move: PayoutRowChange): Promise<Payout | undefined> {
    const terminal = move.to === 'failed' || move.to === 'reversed' || move.to === 'processed';
    const { rows } = await tx.query<Payout>(
      `UPDATE payouts
          SET status = $3, updated_at = $4,
              utr = coalesce($5, utr), message = coalesce($6, message),
              finished_at = CASE WHEN $7 THEN coalesce(finished_at, $4) ELSE finished_at END,
              next_check_at = $8
        WHERE id = $1 AND status = $2
          AND ($9::boolean IS NOT TRUE OR send_started_at IS NOT DISTINCT FROM $10::timestamptz)
        RETURNING ${COLUMNS}`,
      [
        id,
        move.from,
        move.to,
        move.at,
        move.utr ?? null,
        move.message ?? null,
        terminal,
        move.nextCheckAt ?? null,
        move.sendStartedAt !== undefined,
        move.sendStartedAt ?? null,
      ],
    );
    return this.opened(rows)[0];
  }

  /**
   * Starts a queued payout (payout-machine.ts `startMove`): processing, with its first send
   * claimed, in one compare-and-set on `queued`; undefined when it was no longer queued, so
   * two callers never both start (and send) it. Its outbox row is marked relayed in the same
   * statement, whoever runs it: a payout that reached a worker (or the sweep) needs no relay.
   */
  async start(id: string, at: Date, nextCheckAt: Date | null): Promise<Payout | undefined> {
    const { rows } = await this.db.query<Payout>(
      `WITH relayed AS (
         UPDATE payout_outbox SET relayed_at = $2 WHERE payout_id = $1 AND relayed_at IS NULL)
       UPDATE payouts SET status = 'processing', send_started_at = $2, sends = sends + 1,
              updated_at = $2, next_check_at = $3
        WHERE id = $1 AND status = 'queued'
        RETURNING ${COLUMNS}`,
      [id, at, nextCheckAt],
    );
    return this.opened(rows)[0];
  }

  /**
   * Notes a look that settled nothing, and answers the payout as it stood, locked until the
   * transaction ends. A payout still processing is marked as having its `processing` event:
   * the caller appends it in the same transaction when `processingRecorded` was false.
   */
  async noteStatusCheck(
    tx: Tx,
    id: string,
    at: Date,
    nextCheckAt: Date | null,
  ): Promise<Payout | undefined> {
    const before = await this.lock(tx, id);
    if (!before) return undefined;
    await this.rail.noteStatusCheck(tx, id, at, nextCheckAt);
    return before;
  }

  /** Payouts still queued or processing since before `olderThan`, oldest first. */
  async stuck(filter: StuckFilter): Promise<Payout[]> {
    const { rows } = await this.db.query<Payout>(
      `SELECT ${COLUMNS} FROM payouts
        WHERE status IN ('queued', 'processing') AND updated_at < $1
        ORDER BY created_at LIMIT $2`,
      [filter.olderThan, filter.limit],
    );
    return this.opened(rows);
  }

  /**
   * Payment operations (issue 14): payouts still queued or processing that were asked for
   * before `askedBefore`, and failed ones (or reversed before they were paid) whose money came
   * back after T + 1 in India, finished since `returnedSince`. Oldest first, with the payer.
   */
  async needingSomeone(filter: {
    askedBefore: Date;
    returnedSince: Date;
    kind: StoredPayoutKind | null;
    limit: number;
  }): Promise<PayoutWithPayer[]> {
    const { rows } = await this.db.query<PayoutWithPayer>(
      `SELECT p.*, u.name AS "payerName", u.mobile AS "payerMobile"
         FROM (SELECT ${COLUMNS} FROM payouts
                WHERE ($3::text IS NULL OR kind = $3)
                  AND ((status IN ('queued', 'processing') AND created_at <= $1)
                    OR (status IN ('failed', 'reversed') AND finished_at >= $2
                        AND (finished_at AT TIME ZONE 'Asia/Kolkata')::date
                          > (created_at AT TIME ZONE 'Asia/Kolkata')::date + 1
                        AND NOT ledger_stream_has(payouts.kind || ':' || payouts.id,
                                                  payouts.kind || '.processed')))
                ORDER BY created_at, id LIMIT $4) p
         JOIN users u ON u.id = p."userId"
        ORDER BY p."createdAt", p.id`,
      [filter.askedBefore, filter.returnedSince, filter.kind, filter.limit],
    );
    return this.opened(rows);
  }

  /**
   * The compensation paid for each of these payouts (the first event of its
   * `compensation:<payoutId>` stream), by payout id, with the admin who paid it.
   */
  async compensationsPaid(
    tx: Tx,
    payoutIds: readonly string[],
  ): Promise<Map<string, CompensationRow>> {
    if (payoutIds.length === 0) return new Map();
    const { rows } = await tx.query<CompensationRow & { payoutId: string }>(
      `SELECT c.payout_id AS "payoutId", c.seq::text AS seq, c.amount, c.occurred_at AS at,
              c.actor_id AS "actorId", u.name AS "actorName", u.mobile AS "actorMobile"
         FROM ledger_compensations($1::text[]) c
         LEFT JOIN users u ON u.id = c.actor_id`,
      [payoutIds.map(compensationStream)],
    );
    return new Map(rows.map(({ payoutId, ...row }) => [payoutId, row]));
  }

  /** Whether the bank ever paid this payout (a `processed` event on its stream). */
  async wasProcessed(tx: Tx, payout: Pick<Payout, 'id' | 'kind'>): Promise<boolean> {
    return new LedgerReads(tx).streamHas(payoutStream(payout), `${payout.kind}.processed`);
  }

  /** The owner's latest payouts to one account and IFSC, newest first. */
  async lastTo(
    userId: string,
    accountNumber: string,
    ifsc: string,
    limit: number,
  ): Promise<Payout[]> {
    const { rows } = await this.db.query<Payout>(
      `SELECT ${COLUMNS} FROM payouts
        WHERE user_id = $1 AND account_hash = $2 AND ifsc = $3
        ORDER BY created_at DESC LIMIT $4`,
      [userId, this.atRest.accountHash(accountNumber), ifsc, limit],
    );
    return this.opened(rows);
  }

  /** Keeps the split a `processed` posted, in the transaction that posts it. */
  async recordSplit(tx: Tx, id: string, split: CommissionSplit): Promise<void> {
    await tx.query('UPDATE payouts SET commission_split = $2 WHERE id = $1', [
      id,
      JSON.stringify(split),
    ]);
  }

  /** The paying account's posted balance after the payout's latest posting; null before any. */
  async balanceAfter(payout: Pick<Payout, 'id' | 'kind' | 'accountId'>): Promise<number | null> {
    const reads = new LedgerReads(this.db);
    return (await reads.balanceAfterStream(payoutStream(payout), payout.accountId)) ?? null;
  }
}
