import { Injectable } from '@nestjs/common';
import type { AepsKind, CommissionSplit, MiniStatementLine, NetworkScope } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';
import { scopeCondition } from '../network/network-scopes.js';
import { RailTable } from '../rail/rail-table.repository.js';
import type { AepsStatus, AepsTransaction, AepsTransactionListRow } from './aeps-transaction.js';

const COLUMNS = `
  t.id, t.user_id AS "userId", t.kind, to_char(t.business_day, 'YYYY-MM-DD') AS "businessDay",
  t.customer_token AS "customerToken", t.aadhaar_last4 AS "aadhaarLast4",
  t.bank_iin AS "bankIin", t.mobile, t.amount_paise::int8 AS amount, t.status, t.rrn, t.message,
  t.customer_balance::int8 AS "customerBalance", t.statement, t.bank_debited AS "bankDebited",
  t.agent_auth_reference AS "agentAuthReference", t.commission,
  t.commission_split AS "commissionSplit", t.merchant_fee_paise::int8 AS "merchantFee",
  t.idempotency_key AS "idempotencyKey", t.request_hash AS "requestHash",
  t.send_started_at AS "sendStartedAt", t.sends, t.processing_recorded AS "processingRecorded",
  t.status_checks AS "statusChecks", t.last_checked_at AS "lastCheckedAt",
  t.next_check_at AS "nextCheckAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
  t.finished_at AS "finishedAt"`;

/** A state change, applied only from the status it is expected to be in. */
export interface AepsRowChange {
  from: AepsStatus;
  to: AepsStatus;
  at: Date;
  rrn?: string | null;
  message?: string | null;
  nextCheckAt?: Date | null;
  sendStartedAt?: Date | null;
  customerBalance?: number | null;
  statement?: MiniStatementLine[] | null;
  bankDebited?: boolean;
}

/**
 * `aeps_transactions` and the agent's tables (issue 26). Every status change is a
 * compare-and-set on the current status, the right to send a compare-and-set on the last send;
 * the 5-withdrawals-a-day count is taken under a transaction-scoped advisory lock on the
 * (shop, customer, day), so a burst of parallel requests queues there and the count and the
 * insert that follows it are one step.
 */
@Injectable()
export class AepsTransactionsRepository {
  /** The rail machine's statements (the right to send, a look noted, the sweep's claim). */
  readonly rail: RailTable;

  constructor(private readonly db: Db) {
    this.rail = new RailTable(db, 'aeps_transactions');
  }

  async agentReference(userId: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ ref: string }>(
      'SELECT provider_reference AS ref FROM aeps_agents WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.ref;
  }

  /** The agent registered once; false when it already was (a twin request). */
  async registerAgent(userId: string, reference: string, at: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO aeps_agents (user_id, provider_reference, registered_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO NOTHING`,
      [userId, reference, at],
    );
    return rowCount === 1;
  }

  async dailyAuthReference(userId: string, day: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ ref: string }>(
      'SELECT provider_reference AS ref FROM aeps_daily_auths WHERE user_id = $1 AND day = $2',
      [userId, day],
    );
    return rows[0]?.ref;
  }

  async recordDailyAuth(userId: string, day: string, reference: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO aeps_daily_auths (user_id, day, provider_reference, created_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, day) DO NOTHING`,
      [userId, day, reference, at],
    );
  }

  /** Takes a PID block's digest; false when it was taken before (a replayed capture). */
  async takePid(tx: Tx, digest: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO aeps_pid_digests (digest, seen_at) VALUES ($1, $2)
       ON CONFLICT (digest) DO NOTHING`,
      [digest, at],
    );
    return rowCount === 1;
  }

  async findByKey(
    userId: string,
    key: string,
    tx: Tx = this.db,
  ): Promise<AepsTransaction | undefined> {
    const { rows } = await tx.query<AepsTransaction>(
      `SELECT ${COLUMNS} FROM aeps_transactions t WHERE t.user_id = $1 AND t.idempotency_key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  /**
   * Locks one shop's Idempotency-Key until the transaction ends and answers the transaction
   * already made under it: of twin requests, the second waits here and finds the first's.
   */
  async lockKey(tx: Tx, userId: string, key: string): Promise<AepsTransaction | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 26))', [
      `aeps-key:${userId}:${key}`,
    ]);
    return this.findByKey(userId, key, tx);
  }

  async find(id: string, tx: Tx = this.db): Promise<AepsTransaction | undefined> {
    const { rows } = await tx.query<AepsTransaction>(
      `SELECT ${COLUMNS} FROM aeps_transactions t WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }

  async findWithShop(id: string): Promise<AepsTransactionListRow | undefined> {
    const { rows } = await this.db.query<AepsTransactionListRow>(
      `SELECT ${COLUMNS}, u.name AS "shopName"
         FROM aeps_transactions t JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }

  async lock(tx: Tx, id: string): Promise<AepsTransaction | undefined> {
    const { rows } = await tx.query<AepsTransaction>(
      `SELECT ${COLUMNS} FROM aeps_transactions t WHERE t.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  /**
   * Locks one customer's withdrawals at one shop on one India day until the transaction ends,
   * and counts those that are not failed (queued, processing and processed ones count: one in
   * flight may still be approved).
   */
  async lockAndCountWithdrawals(
    tx: Tx,
    userId: string,
    customerToken: string,
    day: string,
  ): Promise<number> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 26))', [
      `aeps-withdrawals:${userId}:${customerToken}:${day}`,
    ]);
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM aeps_transactions
        WHERE user_id = $1 AND customer_token = $2 AND business_day = $3
          AND kind = 'withdrawal' AND status <> 'failed'`,
      [userId, customerToken, day],
    );
    return rows[0]?.n ?? 0;
  }

  async insert(tx: Tx, txn: AepsTransaction): Promise<void> {
    await tx.query(
      `INSERT INTO aeps_transactions
         (id, user_id, kind, business_day, customer_token, aadhaar_last4, bank_iin, mobile,
          amount_paise, status, agent_auth_reference, commission, merchant_fee_paise,
          idempotency_key, request_hash, next_check_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $11, $12, $13, $14, $15, $16,
               $16)`,
      [
        txn.id,
        txn.userId,
        txn.kind,
        txn.businessDay,
        txn.customerToken,
        txn.aadhaarLast4,
        txn.bankIin,
        txn.mobile,
        txn.amount,
        txn.agentAuthReference,
        txn.commission === null ? null : JSON.stringify(txn.commission),
        txn.merchantFee,
        txn.idempotencyKey,
        txn.requestHash,
        txn.nextCheckAt,
        txn.createdAt,
      ],
    );
  }

  /** queued → processing with the first send claimed; false when it was not queued. */
  async start(id: string, at: Date, nextCheckAt: Date | null): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE aeps_transactions SET status = 'processing', send_started_at = $2,
              sends = sends + 1, updated_at = $2, next_check_at = $3
        WHERE id = $1 AND status = 'queued'
        RETURNING id`,
      [id, at, nextCheckAt],
    );
    return rows.length === 1;
  }

  /** Moves the transaction from `from` to `to`; undefined when it was no longer in `from`. */
  async move(tx: Tx, id: string, change: AepsRowChange): Promise<AepsTransaction | undefined> {
    const terminal = change.to !== 'queued' && change.to !== 'processing';
    const { rows } = await tx.query<AepsTransaction>(
      `UPDATE aeps_transactions t
          SET status = $3, updated_at = $4,
              rrn = coalesce($5, rrn), message = coalesce($6, message),
              finished_at = CASE WHEN $7 THEN coalesce(finished_at, $4) ELSE finished_at END,
              next_check_at = $8,
              customer_balance = coalesce($11, customer_balance),
              statement = coalesce($12::jsonb, statement),
              bank_debited = $13
        WHERE id = $1 AND status = $2
          AND ($9::boolean IS NOT TRUE OR send_started_at IS NOT DISTINCT FROM $10::timestamptz)
        RETURNING ${COLUMNS}`,
      [
        id,
        change.from,
        change.to,
        change.at,
        change.rrn ?? null,
        change.message ?? null,
        terminal,
        change.nextCheckAt ?? null,
        change.sendStartedAt !== undefined,
        change.sendStartedAt ?? null,
        change.customerBalance ?? null,
        change.statement ? JSON.stringify(change.statement) : null,
        change.bankDebited ?? false,
      ],
    );
    return rows[0];
  }

  /** Notes a look that settled nothing; answers the transaction as it stood, locked. */
  async noteStatusCheck(
    tx: Tx,
    id: string,
    at: Date,
    nextCheckAt: Date | null,
  ): Promise<AepsTransaction | undefined> {
    const before = await this.lock(tx, id);
    if (!before) return undefined;
    await this.rail.noteStatusCheck(tx, id, at, nextCheckAt);
    return before;
  }

  async recordSplit(tx: Tx, id: string, split: CommissionSplit): Promise<void> {
    await tx.query('UPDATE aeps_transactions SET commission_split = $2 WHERE id = $1', [
      id,
      JSON.stringify(split),
    ]);
  }

  /** Whether a shop is in a viewer's network scope (its own, its downline's, everyone's). */
  async shopInScope(scope: NetworkScope, shopId: string): Promise<boolean> {
    const params: unknown[] = [shopId];
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT u.id FROM users u WHERE u.id = $1 AND ${scopeCondition(scope, 'u.id', params)}`,
      params,
    );
    return rows.length === 1;
  }

  /**
   * Payment Operations (issue 26): withdrawals the customer's bank debited and failed, asked
   * for since `since`, oldest first (the most overdue reversal on top), with the shop's name
   * and mobile (`aeps_transactions_created` bounds the scan to the window).
   */
  async debitedFailures(
    since: Date,
    limit: number,
  ): Promise<(AepsTransactionListRow & { shopMobile: string })[]> {
    const { rows } = await this.db.query<AepsTransactionListRow & { shopMobile: string }>(
      `SELECT ${COLUMNS}, u.name AS "shopName", u.mobile AS "shopMobile"
         FROM aeps_transactions t JOIN users u ON u.id = t.user_id
        WHERE t.status = 'failed' AND t.bank_debited AND t.created_at >= $1
        ORDER BY t.created_at, t.id
        LIMIT $2`,
      [since, limit],
    );
    return rows;
  }

  /** Transactions for a list, newest first, in the viewer's network scope. */
  async list(filter: {
    scope: NetworkScope;
    kind: AepsKind | null;
    status: AepsStatus | null;
    limit: number;
    offset: number;
  }): Promise<{ rows: AepsTransactionListRow[]; total: number }> {
    const params: unknown[] = [filter.kind, filter.status];
    const where = `${scopeCondition(filter.scope, 't.user_id', params)}
       AND ($1::text IS NULL OR t.kind = $1) AND ($2::text IS NULL OR t.status = $2)`;
    const { rows } = await this.db.query<AepsTransactionListRow>(
      `SELECT ${COLUMNS}, u.name AS "shopName"
         FROM aeps_transactions t JOIN users u ON u.id = t.user_id
        WHERE ${where}
        ORDER BY t.created_at DESC, t.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    const { rows: counted } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM aeps_transactions t WHERE ${where}`,
      params,
    );
    return { rows, total: counted[0]?.total ?? 0 };
  }
}
