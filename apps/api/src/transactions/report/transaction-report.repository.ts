import { Injectable } from '@nestjs/common';
import {
  BUSINESS_TIME_ZONE,
  MONEY_MOVED_STATUSES,
  paiseToRupees,
  transactionKindLabel,
  TRANSACTION_STATUS_LABELS,
  isTransactionStatus,
  type NetworkScope,
  type ReportOrder,
  type ReportSortKey,
  type ReportTotals,
  type TransactionReportRow,
} from '@khata/domain';
import { DataAtRest } from '../../common/crypto/data-at-rest.js';
import { LaggingReads } from '../../database/lagging-reads.js';
import { dayStart } from '../statement.js';
import { RECORD_COLUMNS, recordOfRow, type RecordRow } from '../record-row.js';
import type { CsvExport } from '../../reports/csv-stream.js';
import { ReportScope } from '../../reports/report-scope.js';

/** One report request, checked: the scope resolved, the range filled in, the types fixed. */
export interface TransactionReportFilter {
  scope: NetworkScope;
  /** India's days, both included. */
  from: string;
  to: string;
  /** null: every type. */
  types: readonly string[] | null;
  status?: string;
  search?: string;
  sort: ReportSortKey;
  order: ReportOrder;
}

/** The sort whitelist, as columns: anything else never reaches the SQL. */
const SORT_COLUMNS: Record<ReportSortKey, string> = {
  createdAt: 'r.created_at',
  amount: 'r.amount',
  fee: 'r.fee',
  status: 'r.status',
  type: 'r.type',
};

/** An order id as the receipts print it: `KH` and the opening event's seq. */
const ORDER_ID = /^KH(\d{1,15})$/i;

const COLUMNS = RECORD_COLUMNS.split(',')
  .map((column) => `r.${column.trim()}`)
  .join(', ');

type ReportRow = RecordRow & { user_name: string; user_mobile: string; shop_name: string | null };
type CsvRow = ReportRow & { at_india: string };

const transactionStatusLabel = (status: string) =>
  isTransactionStatus(status) ? TRANSACTION_STATUS_LABELS[status] : status;

const isMoneyMoved = (status: string) =>
  (MONEY_MOVED_STATUSES as readonly string[]).includes(status);

const rupees = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));

/**
 * The transaction report engine's SQL over the read model `transaction_records`: one WHERE
 * for the page, the totals and the CSV, so the three always read the same set.
 */
@Injectable()
export class TransactionReportRepository {
  constructor(
    private readonly reads: LaggingReads,
    private readonly scopes: ReportScope,
    private readonly atRest: DataAtRest,
  ) {}

  async page(
    filter: TransactionReportFilter,
    { page, pageSize }: { page: number; pageSize: number },
  ): Promise<{ rows: TransactionReportRow[]; total: number; totals: ReportTotals }> {
    const { where, params } = this.where(filter);
    // One snapshot: the totals count exactly the rows the pages list. On the replica: a report
    // may lag (docs/scaling.md).
    const [{ rows }, { rows: groups }] = await this.reads.snapshot((tx) =>
      Promise.all([
        tx.query<ReportRow>(
          `SELECT ${COLUMNS}, u.name AS user_name, u.mobile AS user_mobile, u.shop_name
           FROM transaction_records r JOIN users u ON u.id = r.user_id
          WHERE ${where} ORDER BY ${this.orderBy(filter)}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        ),
        // Each transaction once (a transfer with both sides in the set is one), its paying side
        // first, which carries the fee. sum() of bigint is numeric: it comes as text, made
        // exact paise here.
        tx.query<{ status: string; count: number; amount: string; fee: string; lines: number }>(
          `WITH matched AS (
             SELECT r.record_id, r.status, r.amount, r.fee, r.direction
               FROM transaction_records r JOIN users u ON u.id = r.user_id WHERE ${where}),
           one AS (
             SELECT DISTINCT ON (record_id) status, amount, fee FROM matched
              ORDER BY record_id, direction = 'debit' DESC)
           SELECT status, count(*)::int AS count, sum(amount)::text AS amount, sum(fee)::text AS fee,
                  (SELECT count(*)::int FROM matched) AS lines
             FROM one GROUP BY status ORDER BY status`,
          params,
        ),
      ]),
    );
    let count = 0;
    let amount = 0;
    let fee = 0;
    const byStatus = groups.map((group) => {
      count += group.count;
      // Only money that moved counts in the amount and fee (issue 23), as Monthly Stats counts.
      if (isMoneyMoved(group.status)) {
        amount += Number(group.amount);
        fee += Number(group.fee);
      }
      return {
        status: group.status,
        count: group.count,
        amount: paiseToRupees(Number(group.amount)),
        fee: paiseToRupees(Number(group.fee)),
      };
    });
    return {
      rows: rows.map((row) => ({
        ...recordOfRow(row),
        user: {
          id: row.user_id,
          name: row.user_name,
          mobile: row.user_mobile.trim(),
          shopName: row.shop_name,
        },
      })),
      total: groups[0]?.lines ?? 0,
      totals: { count, amount: paiseToRupees(amount), fee: paiseToRupees(fee), byStatus },
    };
  }

  /** The whole filtered set as a CSV export, in the report's order, for CsvStreamer. */
  csv(filter: TransactionReportFilter, filename: string): CsvExport<CsvRow> {
    const { where, params } = this.where(filter);
    return {
      filename,
      header: [
        'Date (IST)',
        'Order ID',
        'Transaction ID',
        'User',
        'User mobile',
        'Type',
        'Direction',
        'Status',
        'Amount (₹)',
        'Fee (₹)',
        'Other side',
        'Account / mobile',
        'UTR',
        'Balance after (₹)',
        'Message',
      ],
      sql: `SELECT ${COLUMNS}, u.name AS user_name, u.mobile AS user_mobile, u.shop_name,
                   to_char(r.created_at AT TIME ZONE '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') AS at_india
              FROM transaction_records r JOIN users u ON u.id = r.user_id
             WHERE ${where} ORDER BY ${this.orderBy(filter)}`,
      params,
      cells: (row) => {
        const record = recordOfRow(row);
        return [
          row.at_india,
          record.payload.orderID,
          record._id,
          row.user_name,
          row.user_mobile.trim(),
          transactionKindLabel(row.type),
          row.direction === 'debit' ? 'Debit' : 'Credit',
          // As the screens say it (issue 23).
          transactionStatusLabel(row.status),
          rupees(row.amount),
          rupees(row.fee),
          record.counterparty.name,
          record.counterparty.reference,
          row.external_ref,
          rupees(row.balance_after),
          row.message,
        ];
      },
    };
  }

  private orderBy({ sort, order }: TransactionReportFilter): string {
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    return `${SORT_COLUMNS[sort]} ${direction}, r.opened_seq ${direction}, r.user_id`;
  }

  private where(filter: TransactionReportFilter): { where: string; params: unknown[] } {
    const params: unknown[] = [];
    const where = [this.scopes.condition(filter.scope, 'r.user_id', params)];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    add((n) => `r.created_at >= ${dayStart(n)}`, filter.from);
    add((n) => `r.created_at < ${dayStart(n)} + interval '1 day'`, filter.to);
    if (filter.types) add((n) => `r.type = ANY(${n}::text[])`, filter.types);
    if (filter.status) add((n) => `r.status = ${n}`, filter.status);
    if (filter.search) {
      const order = ORDER_ID.exec(filter.search);
      if (order) add((n) => `r.opened_seq = ${n}::bigint`, order[1]);
      else {
        // A payout's account number is sealed: it is found by its keyed hash (issue 31).
        params.push(this.atRest.accountHash(filter.search));
        const hash = `$${params.length}`;
        add(
          (n) => `(r.external_ref = ${n} OR r.record_id = ${n} OR r.remitter_mobile = ${n}
            OR u.mobile = ${n} OR r.details->>'beneficiaryMobile' = ${n}
            OR r.details->>'senderMobile' = ${n} OR r.details->>'beneficiaryAccountNumber' = ${n}
            OR r.record_id IN (SELECT p.id::text FROM payouts p WHERE p.account_hash = ${hash}))`,
          filter.search,
        );
      }
    }
    return { where: where.join(' AND '), params };
  }
}
