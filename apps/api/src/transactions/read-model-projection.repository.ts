import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';

export interface Projected {
  records: { userId: string; recordId: string }[];
  balanceOwners: string[];
}

/**
 * Feeding the transaction read model: projecting committed ledger events into it (each once,
 * by `read_model_project`, libs/ledger/sql/05-read-model.sql) and finding the ones it missed.
 */
@Injectable()
export class ReadModelProjection {
  constructor(private readonly db: Db) {}

  /** Projects these events (each once, in stream order); says what changed. */
  async project(seqs: readonly string[]): Promise<Projected> {
    const { rows } = await this.db.query<{
      change: string;
      user_id: string;
      record_id: string | null;
    }>(
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
    const { rows } = await this.db.query<{ seq: string }>(
      `SELECT e.seq::text AS seq FROM ledger_events_view e
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
    const { rows } = await this.db.query<{ seq: string | null }>(
      `SELECT least(unprojected - 1, settled)::text AS seq FROM
         (SELECT (SELECT min(e.seq) FROM ledger_events_view e WHERE e.seq > $1
                     AND NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)) AS unprojected,
                 (SELECT e.seq FROM ledger_events_view e
                   WHERE e.seq > $1 AND e.occurred_at < now() - $2 * interval '1 millisecond'
                   ORDER BY e.seq DESC LIMIT 1) AS settled) bounds
        WHERE settled IS NOT NULL`,
      [afterSeq, settledMs],
    );
    const settled = rows[0]?.seq;
    return settled && BigInt(settled) > BigInt(afterSeq) ? settled : afterSeq;
  }
}
