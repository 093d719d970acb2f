import type { UserAccountKind } from './account-kinds.js';
import type { Paise } from './ledger.js';
import type { SqlClient } from './sql-client.js';

/**
 * What the rest of Khata reads of the ledger, through its views (sql/04-views.sql) and never
 * its tables, so the tables can change behind them.
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
}
