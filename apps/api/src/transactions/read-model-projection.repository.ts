import { Injectable } from '@nestjs/common';
import { LedgerReads } from '@khata/ledger';
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
    return new LedgerReads(this.db).unprojected(afterSeq, limit);
  }

  /**
   * The highest seq below which every event is projected and no transaction still in flight
   * can commit a lower one (events older than `settledMs`): the catch-up never looks back past it.
   */
  async settledThrough(afterSeq: string, settledMs: number): Promise<string> {
    return new LedgerReads(this.db).settledThrough(afterSeq, settledMs);
  }
}
