import type { Tx } from '../database/unit-of-work.js';
import { railIdentifier } from './rail-outbox.repository.js';

/**
 * The statements every rail product's table shares (`payouts`, `dmt_transfers`): the rail
 * machine's columns (`status`, `send_started_at`, `sends`, `status_checks`, `last_checked_at`,
 * `next_check_at`, `processing_recorded`, `updated_at`) are the same in each. The product's
 * repository keeps what differs: the row it reads, its start (with its outbox) and its moves.
 */
export class RailTable {
  private readonly table: string;

  constructor(
    private readonly db: Tx,
    table: string,
  ) {
    this.table = railIdentifier(table, 'a rail table');
  }

  /**
   * Takes the right to send: only while in `processing` and while the last send is still the
   * one the caller saw (`previous`, null for the first). Two callers never both win.
   */
  async claimSend(id: string, previous: Date | null, at: Date): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE ${this.table} SET send_started_at = $3, sends = sends + 1, updated_at = $3
        WHERE id = $1 AND status = 'processing'
          AND send_started_at IS NOT DISTINCT FROM $2::timestamptz
        RETURNING id`,
      [id, previous, at],
    );
    return rows.length === 1;
  }

  /**
   * Notes a look that settled nothing, on a row the caller has locked in `tx`: one still
   * processing is marked as having its `processing` event (the caller appends it).
   */
  async noteStatusCheck(tx: Tx, id: string, at: Date, nextCheckAt: Date | null): Promise<void> {
    await tx.query(
      `UPDATE ${this.table} SET status_checks = status_checks + 1, last_checked_at = $2,
              next_check_at = $3,
              processing_recorded = processing_recorded OR status = 'processing'
        WHERE id = $1`,
      [id, at, nextCheckAt],
    );
  }

  /**
   * Claims the rows due a look by moving their next look to `leaseUntil`: concurrent sweepers
   * skip the rows another is claiming, so each transaction goes to one of them.
   */
  async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE ${this.table} SET next_check_at = $2
        WHERE id IN (SELECT id FROM ${this.table} WHERE next_check_at <= $1
                      ORDER BY next_check_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [at, leaseUntil, limit],
    );
    return rows.map((row) => row.id);
  }
}
