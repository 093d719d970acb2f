import type { UserAccountKind } from './account-kinds.js';
import type { Paise } from './ledger.js';
import type { RecordFacts } from './records.js';
import type { SqlClient } from './sql-client.js';

/** An event's record facts (`data.record`, records.ts) with what the reports need of the event. */
export interface EventFacts {
  stream: string;
  type: string;
  at: Date;
  /** None for an event that moves no record (a lien, an overdraft limit). */
  facts: RecordFacts | null;
}

/**
 * What the rest of Khata reads of the ledger, through its views (sql/04-views.sql) and its
 * read functions (sql/08-reads.sql), never its tables, so the tables can change behind them.
 * What an event's JSON means is read here and nowhere else (issue 24).
 */
export class LedgerReads {
  constructor(private readonly db: SqlClient) {}

  /** Opens a new user's accounts; on the caller's transaction, with the user's own row. */
  async openAccounts(ownerId: string, kinds: readonly UserAccountKind[]): Promise<void> {
    await this.db.query('SELECT ledger_open_accounts($1, $2::text[])', [ownerId, kinds]);
  }

  /**
   * What each account of an owner has available now (posted less held), by kind, with its
   * overdraft limit and balance version (+1 on every change of these figures, issue 23).
   */
  async availableByKind(
    ownerId: string,
  ): Promise<
    { kind: UserAccountKind; available: Paise; overdraftLimit: Paise; balanceVersion: number }[]
  > {
    const { rows } = await this.db.query<{
      kind: UserAccountKind;
      available: string;
      overdraft_limit: string;
      balance_version: string;
    }>(
      `SELECT kind, available::text AS available, overdraft_limit::text AS overdraft_limit,
              balance_version::text AS balance_version
         FROM ledger_balances_view WHERE owner_id = $1`,
      [ownerId],
    );
    return rows.map((row) => ({
      kind: row.kind,
      available: Number(row.available),
      overdraftLimit: Number(row.overdraft_limit),
      balanceVersion: Number(row.balance_version),
    }));
  }

  /** The overdraft limit of an owner's account of a kind (0 when none, or no such account). */
  async overdraftLimit(ownerId: string, kind: UserAccountKind): Promise<Paise> {
    const { rows } = await this.db.query<{ limit: string }>(
      `SELECT overdraft_limit::text AS limit FROM ledger_balances_view
        WHERE owner_id = $1 AND kind = $2`,
      [ownerId, kind],
    );
    return rows[0] ? Number(rows[0].limit) : 0;
  }

  /** The id of an owner's account of a kind; none when the owner has no such account. */
  async accountOf(ownerId: string, kind: UserAccountKind): Promise<string | undefined> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT account_id AS id FROM ledger_balances_view WHERE owner_id = $1 AND kind = $2',
      [ownerId, kind],
    );
    return rows[0]?.id;
  }

  /** Pending holds whose expiry is at or before `at`, oldest first. */
  async expiredHolds(at: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM ledger_holds_view WHERE status = 'pending' AND expires_at <= $1
        ORDER BY expires_at LIMIT $2`,
      [at, limit],
    );
    return rows.map((row) => row.id);
  }

  /** An account's posted balance after the latest posting of a stream to it; none before any. */
  async balanceAfterStream(stream: string, accountId: string): Promise<Paise | undefined> {
    const { rows } = await this.db.query<{ balance: string }>(
      `SELECT p.balance_after AS balance FROM ledger_postings_view p
         JOIN ledger_events_view e ON e.seq = p.event_seq
        WHERE e.stream = $1 AND p.account_id = $2
        ORDER BY p.id DESC LIMIT 1`,
      [stream, accountId],
    );
    return rows[0] ? Number(rows[0].balance) : undefined;
  }

  /** The seq of the latest event (0 before any), as text. */
  async head(): Promise<string> {
    const { rows } = await this.db.query<{ head: string }>('SELECT ledger_head()::text AS head');
    return rows[0]?.head ?? '0';
  }

  /** Whether a stream ever had an event of a type: was this payout ever `payout.processed`. */
  async streamHas(stream: string, type: string): Promise<boolean> {
    const { rows } = await this.db.query<{ has: boolean }>(
      'SELECT ledger_stream_has($1, $2) AS has',
      [stream, type],
    );
    return rows[0]?.has === true;
  }

  /** Every event of a stream in order, with its record facts and, for a payout, when it was sent. */
  async streamFacts(
    stream: string,
  ): Promise<(Omit<EventFacts, 'stream'> & { sentAt: string | null })[]> {
    const { rows } = await this.db.query<{
      type: string;
      at: Date;
      facts: RecordFacts | null;
      sentAt: string | null;
    }>(`SELECT type, occurred_at AS at, facts, sent_at AS "sentAt" FROM ledger_stream_facts($1)`, [
      stream,
    ]);
    return rows;
  }

  /** An event's stream, time and record facts, with the balance after each posting it made. */
  async eventFacts(
    seq: string,
  ): Promise<(Omit<EventFacts, 'type'> & { balances: Record<string, Paise> }) | undefined> {
    const { rows } = await this.db.query<{
      stream: string;
      facts: RecordFacts | null;
      at: Date;
      balances: Record<string, number> | null;
    }>('SELECT stream, facts, occurred_at AS at, balances FROM ledger_event_facts($1)', [seq]);
    const row = rows[0];
    return row && { ...row, at: new Date(row.at), balances: row.balances ?? {} };
  }

  /** Events after `afterSeq` that no row of `read_model_events` names yet, oldest first. */
  async unprojected(afterSeq: string, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ seq: string }>(
      `SELECT e.seq::text AS seq FROM ledger_events_after($1) e
        WHERE NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)
        ORDER BY e.seq LIMIT $2`,
      [afterSeq, limit],
    );
    return rows.map((row) => row.seq);
  }

  /**
   * The highest seq below which every event is projected and no transaction still in flight
   * can commit a lower one (events older than `settledMs`); `afterSeq` when none is higher.
   */
  async settledThrough(afterSeq: string, settledMs: number): Promise<string> {
    const { rows } = await this.db.query<{ seq: string | null }>(
      `SELECT least(unprojected - 1, settled)::text AS seq FROM
         (SELECT (SELECT min(e.seq) FROM ledger_events_after($1) e
                   WHERE NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)) AS unprojected,
                 (SELECT e.seq FROM ledger_events_after($1) e
                   WHERE e.occurred_at < now() - $2 * interval '1 millisecond'
                   ORDER BY e.seq DESC LIMIT 1) AS settled) bounds
        WHERE settled IS NOT NULL`,
      [afterSeq, settledMs],
    );
    const settled = rows[0]?.seq;
    return settled && BigInt(settled) > BigInt(afterSeq) ? settled : afterSeq;
  }

  /** The read model's lag behind the log: the head, the last projected seq, how many are not. */
  async projectionLag(): Promise<{
    ledgerSeq: number;
    projectedSeq: number;
    notProjected: number;
  }> {
    const { rows } = await this.db.query<Record<string, string>>(
      `SELECT ledger_head()::text AS ledger_seq,
              coalesce((SELECT max(seq) FROM read_model_events), 0)::text AS projected_seq,
              (SELECT count(*) FROM ledger_events_after(0) e
                WHERE NOT EXISTS (SELECT 1 FROM read_model_events r WHERE r.seq = e.seq))::text
                AS not_projected`,
    );
    const row = rows[0]!;
    return {
      ledgerSeq: Number(row.ledger_seq),
      projectedSeq: Number(row.projected_seq),
      notProjected: Number(row.not_projected),
    };
  }
}
