import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';
import {
  DmtSandboxBook,
  type DmtSandboxEntry,
  type NewDmtSandboxEntry,
} from './sandbox-dmt-book.js';

const ENTRY = `reference, account_last4 AS "accountLast4", amount::int8 AS amount, mode, status, utr,
  reason, status_checks AS "statusChecks", settled_at AS "settledAt"`;

/**
 * The sandbox DMT provider's book in Postgres (`sandbox_dmt_transfers`, `sandbox_dmt_calls`):
 * it outlives a killed worker as a provider's would, takes a reference once, and counts every
 * call in the statement that makes it (tests read the calls to prove "sent once").
 */
@Injectable()
export class PostgresDmtSandboxBook extends DmtSandboxBook {
  constructor(private readonly db: Db) {
    super();
  }

  async take(entry: NewDmtSandboxEntry) {
    const { rows } = await this.db.query<DmtSandboxEntry & { inserted: boolean }>(
      `WITH call AS (
         INSERT INTO sandbox_dmt_calls (reference, call, account_last4) VALUES ($1, 'send', $2))
       INSERT INTO sandbox_dmt_transfers
         (reference, account_last4, amount, mode, status, utr, reason, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
       RETURNING ${ENTRY}, (xmax = 0) AS inserted`,
      [
        entry.reference,
        entry.accountLast4,
        entry.amount,
        entry.mode,
        entry.status,
        entry.utr,
        entry.reason,
        entry.settledAt,
      ],
    );
    const { inserted, ...taken } = rows[0]!;
    return { entry: taken, duplicate: !inserted };
  }

  async noteCall(reference: string, call: 'send' | 'status', accountLast4?: string) {
    await this.db.query(
      'INSERT INTO sandbox_dmt_calls (reference, call, account_last4) VALUES ($1, $2, $3)',
      [reference, call, accountLast4 ?? null],
    );
  }

  async calls(reference: string, call: 'send' | 'status') {
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM sandbox_dmt_calls WHERE reference = $1 AND call = $2',
      [reference, call],
    );
    return rows[0]?.count ?? 0;
  }

  async sentTo(reference: string) {
    const { rows } = await this.db.query<{ last4: string | null }>(
      `SELECT account_last4 AS last4 FROM sandbox_dmt_calls
        WHERE reference = $1 AND call = 'send' ORDER BY id DESC LIMIT 1`,
      [reference],
    );
    return rows[0]?.last4 ?? undefined;
  }

  async check(reference: string) {
    const { rows } = await this.db.query<DmtSandboxEntry>(
      `WITH call AS (INSERT INTO sandbox_dmt_calls (reference, call) VALUES ($1, 'status'))
       UPDATE sandbox_dmt_transfers SET status_checks = status_checks + 1
        WHERE reference = $1 RETURNING ${ENTRY}`,
      [reference],
    );
    return rows[0];
  }

  async settle(
    reference: string,
    to: Pick<DmtSandboxEntry, 'status' | 'utr' | 'reason' | 'settledAt'>,
  ) {
    const { rows } = await this.db.query<DmtSandboxEntry>(
      `UPDATE sandbox_dmt_transfers SET status = $2, utr = $3, reason = $4, settled_at = $5
        WHERE reference = $1 AND status = 'pending' RETURNING ${ENTRY}`,
      [reference, to.status, to.utr, to.reason, to.settledAt],
    );
    if (rows[0]) return rows[0];
    const { rows: now } = await this.db.query<DmtSandboxEntry>(
      `SELECT ${ENTRY} FROM sandbox_dmt_transfers WHERE reference = $1`,
      [reference],
    );
    return now[0];
  }
}
