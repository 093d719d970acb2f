import { Injectable } from '@nestjs/common';
import { indiaDay, paiseToRupees, type NetworkScope, type Paise } from '@khata/domain';
import {
  LedgerReads,
  LedgerStatements,
  STREAMED_STATEMENT_SQL,
  type StatementSummary,
  type UserAccountKind,
} from '@khata/ledger';
import { Db, UnitOfWork } from '../database/unit-of-work.js';
import { scopeCondition } from '../network/network-scopes.js';
import { dayStart, statementRangeOf, toStatementLine, type Statement } from './statement.js';
import { RECORD_COLUMNS, recordOfRow, type RecordRow } from './record-row.js';
import {
  openedRecordSource,
  toTransactionRecord,
  type TransactionRecord,
} from './transaction-record.js';

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

/** A statement range's figures, in paise. */
type RangeSummary = StatementSummary;

/**
 * How long after a day ends its events may still be committing (a transaction stamped at
 * 23:59:59 commits a moment later): until then the day counts as today for RangeSummaries.
 */
const SETTLE_MS = 10 * 60_000;
/** Range summaries kept per API process: a few hundred bytes each. */
const SUMMARIES_KEPT = 2_000;

/** The range summaries last used, the least recently used dropped first (a Map keeps order). */
class RangeSummaries {
  private readonly kept = new Map<string, RangeSummary>();

  constructor(private readonly capacity: number) {}

  get(key: string): RangeSummary | undefined {
    const summary = this.kept.get(key);
    if (summary) {
      this.kept.delete(key);
      this.kept.set(key, summary);
    }
    return summary;
  }

  set(key: string, summary: RangeSummary): void {
    this.kept.delete(key);
    this.kept.set(key, summary);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
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

/**
 * Every read the reports make of the transaction read model (libs/ledger/sql/05-read-model.sql)
 * and, for a statement or a fresh receipt, of the ledger's views. Projecting events into the
 * read model is ReadModelProjection's job.
 */
@Injectable()
export class ReadModelRepository {
  private readonly summaries = new RangeSummaries(SUMMARIES_KEPT);

  constructor(
    private readonly db: Db,
    private readonly uow: UnitOfWork,
  ) {}

  async records(keys: readonly { userId: string; recordId: string }[]) {
    if (!keys.length) return [];
    const { rows } = await this.db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records
        WHERE (record_id, user_id) IN (SELECT * FROM unnest($1::text[], $2::uuid[]))`,
      [keys.map((key) => key.recordId), keys.map((key) => key.userId)],
    );
    return rows.map((row) => ({ userId: row.user_id, record: recordOfRow(row) }));
  }

  /**
   * The record an event opened, as `userId` sees it, read straight from the log: what a
   * command answers right after its append, before (or without waiting for) the projection.
   */
  async openedBy(seq: string, userId: string): Promise<TransactionRecord | undefined> {
    const event = await new LedgerReads(this.db).eventFacts(seq);
    if (event?.facts?.kind !== 'open') return undefined;
    const party = event.facts.parties.find((candidate) => candidate.userId === userId);
    const balance = party && event.balances[party.accountId];
    const source = openedRecordSource({
      seq,
      stream: event.stream,
      facts: event.facts,
      userId,
      at: event.at,
      balanceAfter: balance === undefined || balance === null ? null : Number(balance),
    });
    return source && toTransactionRecord(source);
  }

  /**
   * One transaction as the first of its parties inside `scope` sees it, the paying side first:
   * a distributor opens its downline's receipts, an admin anyone's (issue 14).
   */
  async findInScope(recordId: string, scope: NetworkScope): Promise<TransactionRecord | undefined> {
    const params: unknown[] = [recordId];
    const visible = scopeCondition(scope, 'user_id', params);
    const { rows } = await this.db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records
        WHERE record_id = $1 AND ${visible}
        ORDER BY direction = 'debit' DESC LIMIT 1`,
      params,
    );
    return rows[0] && recordOfRow(rows[0]);
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
    const [{ rows }, { rows: counted }] = await this.db.snapshot((tx) =>
      Promise.all([
        tx.query<RecordRow>(
          `SELECT ${RECORD_COLUMNS} FROM transaction_records WHERE ${condition}
          ORDER BY opened_seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, pageSize, (page - 1) * pageSize],
        ),
        tx.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM transaction_records WHERE ${condition}`,
          params,
        ),
      ]),
    );
    return { records: rows.map(recordOfRow), total: counted[0]!.total };
  }

  /** One transaction as `userId` sees it; without a user (an admin), the paying side first. */
  async find(recordId: string, userId: string | null): Promise<TransactionRecord | undefined> {
    const { rows } = await this.db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records
        WHERE record_id = $1 AND ($2::uuid IS NULL OR user_id = $2)
        ORDER BY direction = 'debit' DESC LIMIT 1`,
      [recordId, userId],
    );
    return rows[0] && recordOfRow(rows[0]);
  }

  /**
   * An account's statement (STATEMENT_LINES): every posting in the range with the balance
   * after it (stored on the posting), a fee charged with a payment and a commission's TDS as
   * lines of their own, and the holds placed and released; then the balances either side of
   * the range and the range's totals.
   *
   * The page reads only as many entries as it reaches (statementLinesSql's window). The
   * range's summary (line count, credits, debits, opening and closing) reads the whole range,
   * so it is kept (RangeSummaries) under a key that changes whenever the answer could: a
   * range that ended before today is history and never changes (the log is append-only and
   * every event is stamped with the moment it was appended); a range that reaches today is
   * keyed by the log's head as well.
   */
  async statement(
    accountId: string,
    range: Required<DayRange>,
    { page, pageSize }: Page,
  ): Promise<Statement> {
    const offset = (page - 1) * pageSize;
    const [lines, summary] = await Promise.all([
      new LedgerStatements(this.db).page(accountId, statementRangeOf(range), {
        limit: pageSize,
        offset,
      }),
      this.summaryOf(accountId, range),
    ]);
    return {
      lines: lines.map(toStatementLine),
      total: summary.total,
      openingBalance: paiseToRupees(summary.opening),
      closingBalance: paiseToRupees(summary.closing),
      totals: { credit: paiseToRupees(summary.credits), debit: paiseToRupees(summary.debits) },
    };
  }

  /**
   * The statement's whole range, line by line in LINE_ORDER: the CSV export's query ($1–$3,
   * libs/ledger's STREAMED_STATEMENT_SQL), read through a cursor.
   */
  statementExportSql(): string {
    return STREAMED_STATEMENT_SQL;
  }

  private async summaryOf(accountId: string, range: Required<DayRange>): Promise<RangeSummary> {
    const settled = indiaDay(new Date(Date.now() - SETTLE_MS));
    let key = `${accountId}|${range.from}|${range.to}`;
    if (range.to >= settled) {
      key += `|${await new LedgerReads(this.db).head()}`;
    }
    const kept = this.summaries.get(key);
    if (kept) return kept;
    // Costed over the whole range, the plan would be JIT-compiled: seconds under load, for a
    // query that reads row by row anyway (bench:reports).
    const summary = await this.uow.run(async (tx) => {
      await tx.query('SET LOCAL jit = off');
      return new LedgerStatements(tx).summary(accountId, statementRangeOf(range));
    });
    this.summaries.set(key, summary);
    return summary;
  }

  /**
   * Per month, account kind and event type, for a user's accounts or (owner `system`) the
   * system accounts, whose shards roll up by kind: fee income per month is the profit.
   */
  async monthlyTotals(owner: string | 'system', fromMonth: string, toMonth: string) {
    // sum() of bigint is numeric, not int8: it comes as text, and is made exact paise here.
    const { rows } = await this.db.query<{
      month: string;
      account: string;
      event_type: string;
      credits: string;
      debits: string;
      count: number;
    }>(
      `SELECT to_char(t.month, 'YYYY-MM') AS month, a.kind AS account, t.event_type,
              sum(t.credits)::text AS credits, sum(t.debits)::text AS debits, sum(t.postings)::int AS count
         FROM monthly_totals t JOIN ledger_balances() a ON a.account_id = t.account_id
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
  async openingOf(userId: string, kind: UserAccountKind, month: string): Promise<Paise> {
    const { rows } = await this.db.query<{ closing: number }>(
      `SELECT c.closing_balance AS closing FROM monthly_closing c
         JOIN ledger_balances() a ON a.account_id = c.account_id
        WHERE a.owner_id = $1 AND a.kind = $2 AND c.month < $3::date
        ORDER BY c.month DESC LIMIT 1`,
      [userId, kind, `${month}-01`],
    );
    return rows[0]?.closing ?? 0;
  }
}
