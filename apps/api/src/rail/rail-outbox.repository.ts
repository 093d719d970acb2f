import type { Tx } from '../database/unit-of-work.js';
import type { RailOutbox } from './rail-outbox-relay.js';

/** A table or column name spliced into the statements: a plain lower-case identifier only. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Refuses a table or column name that is not a plain identifier, before any SQL is built. */
export function railIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not ${what} name: ${name}`);
  return name;
}

/** How an outbox table is named: `payout_outbox` keyed by `payout_id`, say. */
export interface RailOutboxTableName {
  table: string;
  /** The column holding the transaction's id (a uuid), the table's key. */
  idColumn: string;
}

/**
 * A product's outbox table as the relay (rail-outbox-relay.ts) works it: claim by lease, mark
 * relayed, note a failure, release. Every rail's outbox has the same columns (`created_at`,
 * `relayed_at`, `lease_until`, `attempts`, `last_error`) beside its id column; the product's
 * repository writes the rows (with the transaction, in one statement) and marks one relayed
 * when its worker starts the transaction, and holds this for the relay.
 */
export class RailOutboxTable implements RailOutbox {
  private readonly table: string;
  private readonly idColumn: string;

  constructor(
    private readonly db: Tx,
    { table, idColumn }: RailOutboxTableName,
  ) {
    this.table = railIdentifier(table, 'an outbox table or column');
    this.idColumn = railIdentifier(idColumn, 'an outbox table or column');
  }

  /**
   * Claims up to `limit` outbox rows not relayed yet, oldest first, by moving their lease to
   * `leaseUntil` in one statement: concurrent relays skip rows another is claiming and rows
   * under a live lease, so no transaction stays open while the rows are enqueued. A row whose
   * enqueue failed is due from `failedBefore` on; one the kick enqueued (no failure noted)
   * only from `kickedBefore` (the earlier time), as its worker marks it when it starts.
   */
  async claimOutbox(claim: {
    at: Date;
    leaseUntil: Date;
    failedBefore: Date;
    kickedBefore: Date;
    limit: number;
  }): Promise<string[]> {
    const { table, idColumn } = this;
    const { rows } = await this.db.query<{ id: string; createdAt: Date }>(
      `UPDATE ${table} SET lease_until = $2
        WHERE ${idColumn} IN (SELECT ${idColumn} FROM ${table}
                               WHERE relayed_at IS NULL AND created_at <= $3
                                 AND (attempts > 0 OR created_at <= $4)
                                 AND (lease_until IS NULL OR lease_until <= $1)
                               ORDER BY created_at LIMIT $5 FOR UPDATE SKIP LOCKED)
        RETURNING ${idColumn} AS id, created_at AS "createdAt"`,
      [claim.at, claim.leaseUntil, claim.failedBefore, claim.kickedBefore, claim.limit],
    );
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.id);
  }

  async markRelayed(id: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET relayed_at = $2, attempts = attempts + 1, last_error = NULL
        WHERE ${this.idColumn} = $1 AND relayed_at IS NULL`,
      [id, at],
    );
  }

  /** Records why a row could not be enqueued and gives up its lease, for the next round. */
  async noteRelayFailure(id: string, error: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2, lease_until = NULL
        WHERE ${this.idColumn} = $1`,
      [id, error.slice(0, 500)],
    );
  }

  /** Gives up the leases of rows claimed but not tried (the queue went down first). */
  async releaseOutbox(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      `UPDATE ${this.table} SET lease_until = NULL WHERE ${this.idColumn} = ANY ($1::uuid[])`,
      [ids],
    );
  }
}
