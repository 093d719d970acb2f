import { Injectable } from '@nestjs/common';
import {
  type AepsCommissionSplit,
  type BbpsParams,
  type BbpsPaymentStatus,
  BUSINESS_TIME_ZONE,
  maskedParam,
  type NetworkScope,
  paiseToRupees,
  TRANSACTION_STATUS_LABELS,
} from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';
import { scopeCondition } from '../network/network-scopes.js';
import { RailTable } from '../rail/rail-table.repository.js';
import type { CsvExport } from '../reports/csv-stream.js';
import type { BbpsBillFetch, BbpsPayment, BbpsPaymentRow } from './bbps-payment.js';

const COLUMNS = `
  t.id, t.user_id AS "userId", t.biller_id AS "billerId", t.category_code AS "categoryCode",
  t.params, t.customer_mobile AS "customerMobile", t.fetch_id AS "fetchId",
  t.fetch_ref AS "fetchRef", t.customer_name AS "customerName", t.bill_number AS "billNumber",
  to_char(t.bill_date, 'YYYY-MM-DD') AS "billDate", to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate",
  t.bill_period AS "billPeriod", t.bill_key AS "billKey", t.amount_paise::int8 AS amount,
  t.ccf_paise::int8 AS ccf, t.ref_id AS "refId", t.agent, t.account_id AS "accountId",
  t.hold_id AS "holdId", t.status, t.bbps_reference AS "bbpsReference",
  t.approval_ref AS "approvalRef", t.message, t.commission, t.commission_split AS "commissionSplit",
  t.idempotency_key AS "idempotencyKey", t.request_hash AS "requestHash",
  t.send_started_at AS "sendStartedAt", t.sends, t.processing_recorded AS "processingRecorded",
  t.status_checks AS "statusChecks", t.last_checked_at AS "lastCheckedAt",
  t.next_check_at AS "nextCheckAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
  t.finished_at AS "finishedAt"`;

const ROW_COLUMNS = `${COLUMNS}, b.name AS "billerName", c.name AS "categoryName",
  u.name AS "shopName", u.mobile AS "shopMobile"`;

const ROW_FROM = `bbps_payments t JOIN users u ON u.id = t.user_id
  JOIN bbps_billers b ON b.id = t.biller_id JOIN bbps_categories c ON c.code = t.category_code`;

const FETCH_COLUMNS = `
  f.id, f.user_id AS "userId", f.biller_id AS "billerId", f.params,
  f.customer_mobile AS "customerMobile", f.fetch_ref AS "fetchRef",
  f.customer_name AS "customerName", f.bill_number AS "billNumber",
  to_char(f.bill_date, 'YYYY-MM-DD') AS "billDate", to_char(f.due_date, 'YYYY-MM-DD') AS "dueDate",
  f.bill_period AS "billPeriod", f.amount_paise::int8 AS amount,
  f.early_amount::int8 AS "earlyAmount", to_char(f.early_until, 'YYYY-MM-DD') AS "earlyUntil",
  f.late_amount::int8 AS "lateAmount", f.fetched_at AS "fetchedAt"`;

/** A state change, applied only from the status it is expected to be in. */
export interface BbpsRowChange {
  from: BbpsPaymentStatus;
  to: BbpsPaymentStatus;
  at: Date;
  bbpsReference?: string | null;
  approvalRef?: string | null;
  message?: string | null;
  nextCheckAt?: Date | null;
  sendStartedAt?: Date | null;
}

export interface BbpsPaymentFilter {
  scope: NetworkScope;
  status: BbpsPaymentStatus | null;
  categoryCode: string | null;
  billerId: string | null;
  /** India days, inclusive, as instants: [from, to). */
  from: Date;
  to: Date;
  limit: number;
  offset: number;
}

export interface BbpsPaymentTotals {
  count: number;
  amount: number;
  ccf: number;
  commission: number;
}

/** The Postgres code of a unique violation, and the index that names a bill paid already. */
const UNIQUE_VIOLATION = '23505';
export const LIVE_BILL_INDEX = 'bbps_payments_live_bill';

export function isLiveBillConflict(error: unknown): boolean {
  const pg = error as { code?: string; constraint?: string };
  return pg?.code === UNIQUE_VIOLATION && pg.constraint === LIVE_BILL_INDEX;
}

/**
 * `bbps_payments` and the bills fetched (issue 27). Every status change is a compare-and-set on
 * the current status, the right to send a compare-and-set on the last send; a bill has at most
 * one live payment (the partial unique index on `bill_key`), so of a burst one inserts and the
 * rest hear it is paid.
 */
@Injectable()
export class BbpsPaymentsRepository {
  /** The rail machine's statements (the right to send, a look noted, the sweep's claim). */
  readonly rail: RailTable;

  constructor(private readonly db: Db) {
    this.rail = new RailTable(db, 'bbps_payments');
  }

  async insertFetch(fetch: BbpsBillFetch): Promise<void> {
    await this.db.query(
      `INSERT INTO bbps_bill_fetches
         (id, user_id, biller_id, params, customer_mobile, fetch_ref, customer_name, bill_number,
          bill_date, due_date, bill_period, amount_paise, early_amount, early_until, late_amount,
          fetched_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        fetch.id,
        fetch.userId,
        fetch.billerId,
        JSON.stringify(fetch.params),
        fetch.customerMobile,
        fetch.fetchRef,
        fetch.customerName,
        fetch.billNumber,
        fetch.billDate,
        fetch.dueDate,
        fetch.billPeriod,
        fetch.amount,
        fetch.earlyAmount,
        fetch.earlyUntil,
        fetch.lateAmount,
        fetch.fetchedAt,
      ],
    );
  }

  async findFetch(id: string, userId: string): Promise<BbpsBillFetch | undefined> {
    const { rows } = await this.db.query<BbpsBillFetch>(
      `SELECT ${FETCH_COLUMNS} FROM bbps_bill_fetches f WHERE f.id = $1 AND f.user_id = $2`,
      [id, userId],
    );
    return rows[0];
  }

  async findByKey(userId: string, key: string, tx: Tx = this.db): Promise<BbpsPayment | undefined> {
    const { rows } = await tx.query<BbpsPayment>(
      `SELECT ${COLUMNS} FROM bbps_payments t WHERE t.user_id = $1 AND t.idempotency_key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  /**
   * Locks one shop's Idempotency-Key until the transaction ends and answers the payment already
   * made under it: of twin requests, the second waits here and finds the first's.
   */
  async lockKey(tx: Tx, userId: string, key: string): Promise<BbpsPayment | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 27))', [
      `bbps-key:${userId}:${key}`,
    ]);
    return this.findByKey(userId, key, tx);
  }

  /**
   * Locks one bill until the transaction ends and answers its live payment: of a burst of
   * payments of one bill, each waits here for the one before to commit, then sees it.
   */
  async lockBill(tx: Tx, billKey: string): Promise<BbpsPayment | undefined> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 27))', [
      `bbps-bill:${billKey}`,
    ]);
    return this.livePaymentOf(billKey, tx);
  }

  /** The live (not failed) payment of a bill, if any. */
  async livePaymentOf(billKey: string, tx: Tx = this.db): Promise<BbpsPayment | undefined> {
    const { rows } = await tx.query<BbpsPayment>(
      `SELECT ${COLUMNS} FROM bbps_payments t WHERE t.bill_key = $1 AND t.status <> 'failed'`,
      [billKey],
    );
    return rows[0];
  }

  async find(id: string, tx: Tx = this.db): Promise<BbpsPayment | undefined> {
    const { rows } = await tx.query<BbpsPayment>(
      `SELECT ${COLUMNS} FROM bbps_payments t WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }

  async findRow(id: string): Promise<BbpsPaymentRow | undefined> {
    const { rows } = await this.db.query<BbpsPaymentRow>(
      `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }

  async insert(tx: Tx, payment: BbpsPayment): Promise<void> {
    await tx.query(
      `INSERT INTO bbps_payments
         (id, user_id, biller_id, category_code, params, customer_mobile, fetch_id, fetch_ref,
          customer_name, bill_number, bill_date, due_date, bill_period, bill_key, amount_paise,
          ccf_paise, ref_id, agent, account_id, hold_id, status, commission, idempotency_key,
          request_hash, next_check_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
               $19, $20, 'queued', $21, $22, $23, $24, $25, $25)`,
      [
        payment.id,
        payment.userId,
        payment.billerId,
        payment.categoryCode,
        JSON.stringify(payment.params),
        payment.customerMobile,
        payment.fetchId,
        payment.fetchRef,
        payment.customerName,
        payment.billNumber,
        payment.billDate,
        payment.dueDate,
        payment.billPeriod,
        payment.billKey,
        payment.amount,
        payment.ccf,
        payment.refId,
        JSON.stringify(payment.agent),
        payment.accountId,
        payment.holdId,
        payment.commission === null ? null : JSON.stringify(payment.commission),
        payment.idempotencyKey,
        payment.requestHash,
        payment.nextCheckAt,
        payment.createdAt,
      ],
    );
  }

  /** queued → processing with the first send claimed; false when it was not queued. */
  async start(id: string, at: Date, nextCheckAt: Date | null): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE bbps_payments SET status = 'processing', send_started_at = $2,
              sends = sends + 1, updated_at = $2, next_check_at = $3
        WHERE id = $1 AND status = 'queued'
        RETURNING id`,
      [id, at, nextCheckAt],
    );
    return rows.length === 1;
  }

  /** Moves the payment from `from` to `to`; undefined when it was no longer in `from`. */
  async move(tx: Tx, id: string, change: BbpsRowChange): Promise<BbpsPayment | undefined> {
    const terminal = change.to === 'processed' || change.to === 'failed';
    const { rows } = await tx.query<BbpsPayment>(
      `UPDATE bbps_payments t
          SET status = $3, updated_at = $4,
              bbps_reference = coalesce($5, bbps_reference),
              approval_ref = coalesce($6, approval_ref),
              message = coalesce($7, message),
              finished_at = CASE WHEN $8 THEN coalesce(finished_at, $4) ELSE finished_at END,
              next_check_at = $9,
              processing_recorded = processing_recorded OR $3 = 'processing'
        WHERE id = $1 AND status = $2
          AND ($10::boolean IS NOT TRUE OR send_started_at IS NOT DISTINCT FROM $11::timestamptz)
        RETURNING ${COLUMNS}`,
      [
        id,
        change.from,
        change.to,
        change.at,
        change.bbpsReference ?? null,
        change.approvalRef ?? null,
        change.message ?? null,
        terminal,
        change.nextCheckAt ?? null,
        change.sendStartedAt !== undefined,
        change.sendStartedAt ?? null,
      ],
    );
    return rows[0];
  }

  /** Notes a look that settled nothing; answers the payment as it stood, locked. */
  async noteStatusCheck(
    tx: Tx,
    id: string,
    at: Date,
    nextCheckAt: Date | null,
  ): Promise<BbpsPayment | undefined> {
    const { rows } = await tx.query<BbpsPayment>(
      `SELECT ${COLUMNS} FROM bbps_payments t WHERE t.id = $1 FOR UPDATE`,
      [id],
    );
    if (!rows[0]) return undefined;
    await this.rail.noteStatusCheck(tx, id, at, nextCheckAt);
    return rows[0];
  }

  async recordSplit(tx: Tx, id: string, split: AepsCommissionSplit): Promise<void> {
    await tx.query('UPDATE bbps_payments SET commission_split = $2 WHERE id = $1', [
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
   * Payments for the report, newest first, in the viewer's network scope, with the totals of
   * the whole filtered set (counted, amount, CCF and the shop's commission of the processed
   * ones: money moved for good, as every report counts it).
   */
  async list(
    filter: BbpsPaymentFilter,
  ): Promise<{ rows: BbpsPaymentRow[]; total: number; totals: BbpsPaymentTotals }> {
    const { where, params } = listWhere(filter);
    const { rows } = await this.db.query<BbpsPaymentRow>(
      `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM}
        WHERE ${where}
        ORDER BY t.created_at DESC, t.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    const { rows: summed } = await this.db.query<BbpsPaymentTotals & { total: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE t.status = 'processed')::int AS count,
              coalesce(sum(t.amount_paise) FILTER (WHERE t.status = 'processed'), 0)::int8 AS amount,
              coalesce(sum(t.ccf_paise) FILTER (WHERE t.status = 'processed'), 0)::int8 AS ccf,
              coalesce(sum((t.commission_split->'earner'->>'gross')::bigint)
                FILTER (WHERE t.status = 'processed'), 0)::int8 AS commission
         FROM bbps_payments t WHERE ${where}`,
      params,
    );
    const { total, ...totals } = summed[0] ?? {
      total: 0,
      count: 0,
      amount: 0,
      ccf: 0,
      commission: 0,
    };
    return { rows, total, totals };
  }

  /**
   * The whole filtered set as a CSV export, newest first: the page's WHERE (`listWhere`), so a
   * CSV holds exactly the page's rows. CsvStreamer reads it through a cursor in one snapshot
   * (never offset pages, which a payment made mid-download would shift).
   */
  csv(
    filter: Omit<BbpsPaymentFilter, 'limit' | 'offset'>,
    filename: string,
  ): CsvExport<BbpsCsvRow> {
    const { where, params } = listWhere(filter);
    return {
      filename,
      header: BBPS_CSV_HEADER,
      sql: `SELECT to_char(t.created_at AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')
                     AS "atIndia",
                   u.name AS "shopName", u.mobile AS "shopMobile", b.name AS "billerName",
                   c.name AS "categoryName", t.params, t.customer_name AS "customerName",
                   t.bill_number AS "billNumber", t.amount_paise::int8 AS amount,
                   t.ccf_paise::int8 AS ccf,
                   (t.commission_split->'earner'->>'gross')::int8 AS commission, t.status,
                   t.bbps_reference AS "bbpsReference", t.approval_ref AS "approvalRef",
                   t.ref_id AS "refId"
              FROM ${ROW_FROM}
             WHERE ${where}
             ORDER BY t.created_at DESC, t.id`,
      params,
      cells: bbpsCsvCells,
    };
  }
}

/** A CSV row as the export's query reads it (paise as pg returns int8: text). */
export interface BbpsCsvRow {
  atIndia: string;
  shopName: string;
  shopMobile: string;
  billerName: string;
  categoryName: string;
  params: BbpsParams;
  customerName: string | null;
  billNumber: string | null;
  amount: string | number;
  ccf: string | number;
  commission: string | number | null;
  status: BbpsPaymentStatus;
  bbpsReference: string | null;
  approvalRef: string | null;
  refId: string;
}

export const BBPS_CSV_HEADER = [
  'Date (IST)',
  'Shop',
  'Shop mobile',
  'Biller',
  'Category',
  'Customer parameter',
  'Customer name',
  'Bill number',
  'Amount (₹)',
  'CCF (₹)',
  'Commission (₹)',
  'Status',
  'BBPS reference',
  'Approval number',
  'Reference ID',
] as const;

/**
 * A payment's CSV cells. The customer parameters are written as the receipt shows them: a
 * card's digits masked (`maskedParam`), every parameter `name: value`, joined by `; `.
 */
export function bbpsCsvCells(row: BbpsCsvRow): (string | number | null)[] {
  const params = Object.entries(row.params)
    .map(([name, value]) => `${name}: ${maskedParam(name, value)}`)
    .join('; ');
  return [
    row.atIndia,
    row.shopName,
    row.shopMobile.trim(),
    row.billerName,
    row.categoryName,
    params,
    row.customerName,
    row.billNumber,
    paiseToRupees(Number(row.amount)).toFixed(2),
    paiseToRupees(Number(row.ccf)).toFixed(2),
    row.commission === null ? null : paiseToRupees(Number(row.commission)).toFixed(2),
    // As the screens say it (issue 23).
    TRANSACTION_STATUS_LABELS[row.status],
    row.bbpsReference,
    row.approvalRef,
    row.refId,
  ];
}

function listWhere(filter: Omit<BbpsPaymentFilter, 'limit' | 'offset'>): {
  where: string;
  params: unknown[];
} {
  const params: unknown[] = [
    filter.status,
    filter.categoryCode,
    filter.billerId,
    filter.from,
    filter.to,
  ];
  const where = `${scopeCondition(filter.scope, 't.user_id', params)}
     AND ($1::text IS NULL OR t.status = $1) AND ($2::text IS NULL OR t.category_code = $2)
     AND ($3::text IS NULL OR t.biller_id = $3)
     AND t.created_at >= $4 AND t.created_at < $5`;
  return { where, params };
}
