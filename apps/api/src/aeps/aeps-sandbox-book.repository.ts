import { Injectable } from '@nestjs/common';
import { Db } from '../database/unit-of-work.js';
import {
  type AepsSandboxCall,
  AepsSandboxBook,
  type AepsSandboxEntry,
  type AepsSandboxSettlement,
  type NewAepsSandboxEntry,
} from './sandbox-aeps-book.js';

const ENTRY = `reference, kind, aadhaar_last4 AS "aadhaarLast4", code, amount::int8 AS amount,
  status, rrn, reason, balance_paise AS balance, statement, bank_debited AS "bankDebited",
  status_checks AS "statusChecks", settled_at AS "settledAt"`;

/**
 * The sandbox AEPS provider's book in Postgres (`sandbox_aeps_transactions`,
 * `sandbox_aeps_calls`): it outlives a killed worker as a provider's would, takes a reference
 * once, and counts every call in the statement that makes it (tests read the calls to prove
 * "sent once"). Only the Aadhaar's last 4 digits reach it: the table's check refuses more.
 */
@Injectable()
export class PostgresAepsSandboxBook extends AepsSandboxBook {
  constructor(private readonly db: Db) {
    super();
  }

  async take(entry: NewAepsSandboxEntry) {
    const { rows } = await this.db.query<AepsSandboxEntry & { inserted: boolean }>(
      `WITH call AS (
         INSERT INTO sandbox_aeps_calls (reference, call, aadhaar_last4) VALUES ($1, 'send', $3))
       INSERT INTO sandbox_aeps_transactions
         (reference, kind, aadhaar_last4, code, amount, status, rrn, reason, balance_paise,
          statement, bank_debited, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (reference) DO UPDATE SET reference = EXCLUDED.reference
       RETURNING ${ENTRY}, (xmax = 0) AS inserted`,
      [
        entry.reference,
        entry.kind,
        entry.aadhaarLast4,
        entry.code,
        entry.amount,
        entry.status,
        entry.rrn,
        entry.reason,
        entry.balance,
        entry.statement && JSON.stringify(entry.statement),
        entry.bankDebited,
        entry.settledAt,
      ],
    );
    const { inserted, ...taken } = rows[0]!;
    return { entry: taken, duplicate: !inserted };
  }

  async noteCall(reference: string, call: AepsSandboxCall, aadhaarLast4?: string) {
    await this.db.query(
      'INSERT INTO sandbox_aeps_calls (reference, call, aadhaar_last4) VALUES ($1, $2, $3)',
      [reference, call, aadhaarLast4 ?? null],
    );
  }

  async calls(reference: string, call: AepsSandboxCall) {
    const { rows } = await this.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM sandbox_aeps_calls WHERE reference = $1 AND call = $2',
      [reference, call],
    );
    return rows[0]?.count ?? 0;
  }

  async sentWith(reference: string) {
    const { rows } = await this.db.query<{ last4: string | null }>(
      `SELECT aadhaar_last4 AS last4 FROM sandbox_aeps_calls
        WHERE reference = $1 AND call = 'send' ORDER BY id DESC LIMIT 1`,
      [reference],
    );
    return rows[0]?.last4 ?? undefined;
  }

  async check(reference: string) {
    const { rows } = await this.db.query<AepsSandboxEntry>(
      `WITH call AS (INSERT INTO sandbox_aeps_calls (reference, call) VALUES ($1, 'status'))
       UPDATE sandbox_aeps_transactions SET status_checks = status_checks + 1
        WHERE reference = $1 RETURNING ${ENTRY}`,
      [reference],
    );
    return rows[0];
  }

  async settle(reference: string, to: AepsSandboxSettlement) {
    const { rows } = await this.db.query<AepsSandboxEntry>(
      `UPDATE sandbox_aeps_transactions
          SET status = $2, rrn = $3, reason = $4, balance_paise = $5, statement = $6,
              bank_debited = $7, settled_at = $8
        WHERE reference = $1 AND status = 'pending' RETURNING ${ENTRY}`,
      [
        reference,
        to.status,
        to.rrn,
        to.reason,
        to.balance,
        to.statement && JSON.stringify(to.statement),
        to.bankDebited,
        to.settledAt,
      ],
    );
    if (rows[0]) return rows[0];
    const { rows: now } = await this.db.query<AepsSandboxEntry>(
      `SELECT ${ENTRY} FROM sandbox_aeps_transactions WHERE reference = $1`,
      [reference],
    );
    return now[0];
  }
}
