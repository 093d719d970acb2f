import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { paiseToRupees, type Paise } from '@khata/domain';
import type { RecordOpened, RecordStatus } from '@khata/ledger';
import type { DataSource } from 'typeorm';
import {
  dayStart,
  STATEMENT_LINES,
  toStatementLine,
  type Statement,
  type StatementRow,
} from './statement.js';
import { counterpartyOf, settlementOf, type TransactionRecord } from './transaction-record.js';

/** A day range in India time, both ends inclusive, as `YYYY-MM-DD`. */
export interface DayRange {
  from?: string;
  to?: string;
}

export interface RecordFilter extends DayRange {
  type?: string;
  status?: string;
}

export interface Page {
  page: number;
  pageSize: number;
}

export type { Statement, StatementLine } from './statement.js';

export interface Projected {
  records: { userId: string; recordId: string }[];
  balanceOwners: string[];
}

/** Paise; the controller turns them into rupees. */
export interface MonthlyTotal {
  month: string;
  account: string;
  eventType: string;
  credits: Paise;
  debits: Paise;
  count: number;
}

interface RecordRow {
  record_id: string;
  user_id: string;
  type: string;
  status: RecordStatus;
  direction: 'debit' | 'credit';
  amount: string;
  fee: string;
  details: Record<string, unknown>;
  remitter_mobile: string | null;
  external_ref: string | null;
  message: string | null;
  opened_seq: string;
  balance_after: string | null;
  created_at: Date;
  updated_at: Date;
}

const RECORD_COLUMNS = `record_id, user_id, type, status, direction, amount, fee, details,
  remitter_mobile, external_ref, message, opened_seq, balance_after, created_at, updated_at`;

/** The readable order id of a transaction, from the seq of the event that opened it. */
export function orderId(seq: string): string {
  return `KH${seq.padStart(10, '0')}`;
}

export function toTransactionRecord(row: RecordRow): TransactionRecord {
  const amount = Number(row.amount);
  const fee = Number(row.fee);
  return {
    _id: row.record_id,
    type: row.type,
    status: row.status,
    direction: row.direction,
    amount: { amount: paiseToRupees(amount) },
    fee: paiseToRupees(fee),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    payload: { orderID: orderId(row.opened_seq), data: row.details },
    externalRef: row.external_ref,
    txnReferenceId: row.record_id,
    remitterMobile: row.remitter_mobile,
    balanceAfter: row.balance_after === null ? null : paiseToRupees(Number(row.balance_after)),
    message: row.message,
    counterparty: counterpartyOf(row.type, row.direction, row.details, row.remitter_mobile),
    ...settlementOf(row.direction, row.status, amount, fee),
  };
}

/**
 * The transaction read model (libs/ledger read-model.ts): projecting committed ledger events
 * into it, and every read the reports make of it.
 */
@Injectable()
export class ReadModelRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Projects these events (each once, in stream order); says what changed. */
  async project(seqs: readonly string[]): Promise<Projected> {
    const rows: { change: string; user_id: string; record_id: string | null }[] =
      await this.dataSource.query(
        `SELECT p.change, p.user_id, p.record_id
           FROM unnest($1::bigint[]) WITH ORDINALITY AS s (seq, n), LATERAL read_model_project(s.seq) p
          ORDER BY s.n`,
        [seqs],
      );
    const records = new Map<string, { userId: string; recordId: string }>();
    const owners = new Set<string>();
    for (const row of rows) {
      if (row.change === 'balance') owners.add(row.user_id);
      else
        records.set(`${row.record_id}/${row.user_id}`, {
          userId: row.user_id,
          recordId: row.record_id!,
        });
    }
    return { records: [...records.values()], balanceOwners: [...owners] };
  }

  /** Committed events after `afterSeq` the read model has not taken yet, oldest first. */
  async unprojected(afterSeq: string, limit: number): Promise<string[]> {
    const rows: { seq: string }[] = await this.dataSource.query(
      `SELECT e.seq FROM ledger_events e
        WHERE e.seq > $1 AND NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)
        ORDER BY e.seq LIMIT $2`,
      [afterSeq, limit],
    );
    return rows.map((row) => row.seq);
  }

  /**
   * The highest seq below which every event is projected and no transaction still in flight
   * can commit a lower one (events older than `settledMs`): the catch-up never looks back past it.
   */
  async settledThrough(afterSeq: string, settledMs: number): Promise<string> {
    const rows: { seq: string | null }[] = await this.dataSource.query(
      `SELECT least(unprojected - 1, settled)::text AS seq FROM
         (SELECT (SELECT min(e.seq) FROM ledger_events e WHERE e.seq > $1
                     AND NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)) AS unprojected,
                 (SELECT e.seq FROM ledger_events e
                   WHERE e.seq > $1 AND e.occurred_at < now() - $2 * interval '1 millisecond'
                   ORDER BY e.seq DESC LIMIT 1) AS settled) bounds
        WHERE settled IS NOT NULL`,
      [afterSeq, settledMs],
    );
    const settled = rows[0]?.seq;
    return settled && BigInt(settled) > BigInt(afterSeq) ? settled : afterSeq;
  }

  async records(keys: readonly { userId: string; recordId: string }[]) {
    if (!keys.length) return [];
    const rows: RecordRow[] = await this.dataSource.query(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records
        WHERE (record_id, user_id) IN (SELECT * FROM unnest($1::text[], $2::uuid[]))`,
      [keys.map((key) => key.recordId), keys.map((key) => key.userId)],
    );
    return rows.map((row) => ({ userId: row.user_id, record: toTransactionRecord(row) }));
  }

  /**
   * The record an event opened, as `userId` sees it, read straight from the log: what a
   * command answers right after its append, before (or without waiting for) the projection.
   */
  async openedBy(seq: string, userId: string): Promise<TransactionRecord | undefined> {
    const rows: {
      stream: string;
      facts: RecordOpened | null;
      at: Date;
      balances: Record<string, string> | null;
    }[] = await this.dataSource.query(
      `SELECT e.stream, e.data->'record' AS facts, e.occurred_at AS at,
              (SELECT jsonb_object_agg(p.account_id, p.balance_after) FROM ledger_postings p
                WHERE p.event_seq = e.seq) AS balances
         FROM ledger_events e WHERE e.seq = $1`,
      [seq],
    );
    const event = rows[0];
    const party = event?.facts?.parties.find((candidate) => candidate.userId === userId);
    if (!event?.facts || event.facts.kind !== 'open' || !party) return undefined;
    const balance = event.balances?.[party.accountId];
    return toTransactionRecord({
      record_id: event.stream.slice(event.stream.indexOf(':') + 1),
      user_id: userId,
      type: event.facts.type,
      status: event.facts.status,
      direction: party.direction,
      amount: String(party.amount),
      fee: String(party.fee),
      details: { ...event.facts.details, ...party.details },
      remitter_mobile: event.facts.remitterMobile ?? null,
      external_ref: event.facts.externalRef ?? null,
      message: null,
      opened_seq: seq,
      balance_after: balance === undefined ? null : String(balance),
      created_at: new Date(event.at),
      updated_at: new Date(event.at),
    });
  }

  /** A user's transactions, newest first. */
  async list(
    userId: string,
    filter: RecordFilter,
    { page, pageSize }: Page,
  ): Promise<{ records: TransactionRecord[]; total: number }> {
    const where = [`user_id = $1`];
    const params: unknown[] = [userId];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.from) add((n) => `created_at >= ${dayStart(n)}`, filter.from);
    if (filter.to) add((n) => `created_at < ${dayStart(n)} + interval '1 day'`, filter.to);
    if (filter.type) add((n) => `type = ${n}`, filter.type);
    if (filter.status) add((n) => `status = ${n}`, filter.status);
    const condition = where.join(' AND ');
    const [rows, counted]: [RecordRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${RECORD_COLUMNS} FROM transaction_records WHERE ${condition}
          ORDER BY opened_seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM transaction_records WHERE ${condition}`,
        params,
      ),
    ]);
    return { records: rows.map(toTransactionRecord), total: counted[0]!.total };
  }

  /** One transaction as `userId` sees it; without a user (an admin), the paying side first. */
  async find(recordId: string, userId: string | null): Promise<TransactionRecord | undefined> {
    const rows: RecordRow[] = await this.dataSource.query(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records
        WHERE record_id = $1 AND ($2::uuid IS NULL OR user_id = $2)
        ORDER BY direction = 'debit' DESC LIMIT 1`,
      [recordId, userId],
    );
    return rows[0] && toTransactionRecord(rows[0]);
  }

  /**
   * An account's statement (STATEMENT_LINES): every posting in the range with the balance
   * after it (stored on the posting), a fee charged with a payment as a line of its own, and
   * the holds placed and released; then the balances either side of the range.
   */
  async statement(
    accountId: string,
    range: DayRange,
    { page, pageSize }: Page,
  ): Promise<Statement> {
    const start = range.from ?? '1970-01-01';
    const end = range.to ?? '9999-12-30';
    const [lines, totals]: [
      StatementRow[],
      { total: number; opening: string | null; closing: string | null }[],
    ] = await Promise.all([
      this.dataSource.query(
        `${STATEMENT_LINES} SELECT * FROM lines ORDER BY anchor, ord, seq LIMIT $4 OFFSET $5`,
        [accountId, start, end, pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query(
        `SELECT (${STATEMENT_LINES} SELECT count(*)::int FROM lines) AS total,
                  (SELECT p.balance_after FROM ledger_postings p JOIN ledger_events e ON e.seq = p.event_seq
                    WHERE p.account_id = $1 AND e.occurred_at < ${dayStart('$2')}
                    ORDER BY p.id DESC LIMIT 1) AS opening,
                  (SELECT p.balance_after FROM ledger_postings p JOIN ledger_events e ON e.seq = p.event_seq
                    WHERE p.account_id = $1 AND e.occurred_at < ${dayStart('$3')} + interval '1 day'
                    ORDER BY p.id DESC LIMIT 1) AS closing`,
        [accountId, start, end],
      ),
    ]);
    const { total, opening, closing } = totals[0]!;
    return {
      lines: lines.map(toStatementLine),
      total,
      openingBalance: paiseToRupees(Number(opening ?? 0)),
      closingBalance: paiseToRupees(Number(closing ?? opening ?? 0)),
    };
  }

  /**
   * Per month, account kind and event type, for a user's accounts or (owner `system`) the
   * system accounts, whose shards roll up by kind: fee income per month is the profit.
   */
  async monthlyTotals(owner: string | 'system', fromMonth: string, toMonth: string) {
    const rows: {
      month: string;
      account: string;
      event_type: string;
      credits: string;
      debits: string;
      count: number;
    }[] = await this.dataSource.query(
      `SELECT to_char(t.month, 'YYYY-MM') AS month, a.kind AS account, t.event_type,
              sum(t.credits)::text AS credits, sum(t.debits)::text AS debits, sum(t.postings)::int AS count
         FROM monthly_totals t JOIN ledger_accounts a ON a.id = t.account_id
        WHERE (CASE WHEN $1::uuid IS NULL THEN a.code IS NOT NULL ELSE a.owner_id = $1::uuid END)
          AND t.month BETWEEN $2::date AND $3::date
        GROUP BY t.month, a.kind, t.event_type ORDER BY t.month, a.kind, t.event_type`,
      [owner === 'system' ? null : owner, `${fromMonth}-01`, `${toMonth}-01`],
    );
    return rows.map((row): MonthlyTotal => ({
      month: row.month,
      account: row.account,
      eventType: row.event_type,
      credits: Number(row.credits),
      debits: Number(row.debits),
      count: row.count,
    }));
  }

  /** The posted balance of a user's account at the start of `month` (last month's closing). */
  async openingOf(userId: string, kind: string, month: string): Promise<Paise> {
    const rows: { closing: string }[] = await this.dataSource.query(
      `SELECT c.closing_balance AS closing FROM monthly_closing c
         JOIN ledger_accounts a ON a.id = c.account_id
        WHERE a.owner_id = $1 AND a.kind = $2 AND c.month < $3::date
        ORDER BY c.month DESC LIMIT 1`,
      [userId, kind, `${month}-01`],
    );
    return Number(rows[0]?.closing ?? 0);
  }
}
