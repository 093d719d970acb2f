import { Injectable } from '@nestjs/common';
import { paiseToRupees, type Holding, type HoldingKind, type OverdraftEntry } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

/** A lien or security deposit as stored: amounts in paise. */
export interface HoldingRow {
  id: string;
  userId: string;
  kind: HoldingKind;
  amount: number;
  status: 'placed' | 'released';
  reason: string;
  placedBy: string;
  placedAt: Date;
  placedSeq: string;
  placedHash: string;
  releaseReason: string | null;
  releasedBy: string | null;
  releasedAt: Date | null;
  releasedKey: string | null;
}

const COLUMNS = `id, user_id AS "userId", kind, amount, status, reason, placed_by AS "placedBy",
  placed_at AS "placedAt", placed_seq::text AS "placedSeq", placed_hash AS "placedHash",
  release_reason AS "releaseReason", released_by AS "releasedBy", released_at AS "releasedAt",
  released_key AS "releasedKey"`;

export function toHolding(row: HoldingRow): Holding {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    amount: paiseToRupees(row.amount),
    status: row.status,
    reason: row.reason,
    placedBy: row.placedBy,
    placedAt: row.placedAt.toISOString(),
    releaseReason: row.releaseReason,
    releasedAt: row.releasedAt?.toISOString() ?? null,
  };
}

/** Liens and security deposits (balance_holdings), and the wallets with an overdraft limit. */
@Injectable()
export class HoldingsRepository {
  /** Orders two requests of one admin with one Idempotency-Key, until the first commits. */
  async lockKey(tx: Tx, actorId: string, key: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 13))', [
      `holding:${actorId}:${key}`,
    ]);
  }

  async findPlacedByKey(tx: Tx, actorId: string, key: string): Promise<HoldingRow | undefined> {
    const { rows } = await tx.query<HoldingRow>(
      `SELECT ${COLUMNS} FROM balance_holdings WHERE placed_by = $1 AND placed_key = $2`,
      [actorId, key],
    );
    return rows[0];
  }

  async insert(
    tx: Tx,
    row: Omit<HoldingRow, 'releaseReason' | 'releasedBy' | 'releasedAt' | 'releasedKey'> & {
      placedKey: string;
    },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO balance_holdings
         (id, user_id, kind, amount, status, reason, placed_by, placed_at, placed_seq, placed_key, placed_hash)
       VALUES ($1, $2, $3, $4, 'placed', $5, $6, $7, $8, $9, $10)`,
      [
        row.id,
        row.userId,
        row.kind,
        row.amount,
        row.reason,
        row.placedBy,
        row.placedAt,
        row.placedSeq,
        row.placedKey,
        row.placedHash,
      ],
    );
  }

  /** The holding of a kind, row-locked: two releases queue here and the second sees the first. */
  async lock(tx: Tx, id: string, kind: HoldingKind): Promise<HoldingRow | undefined> {
    const { rows } = await tx.query<HoldingRow>(
      `SELECT ${COLUMNS} FROM balance_holdings WHERE id = $1 AND kind = $2 FOR UPDATE`,
      [id, kind],
    );
    return rows[0];
  }

  async release(
    tx: Tx,
    id: string,
    release: { reason: string; by: string; at: Date; seq: string; key: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE balance_holdings SET status = 'released', release_reason = $2, released_by = $3,
              released_at = $4, released_seq = $5, released_key = $6
        WHERE id = $1 AND status = 'placed'`,
      [id, release.reason, release.by, release.at, release.seq, release.key],
    );
  }

  async find(tx: Tx, id: string): Promise<HoldingRow | undefined> {
    const { rows } = await tx.query<HoldingRow>(
      `SELECT ${COLUMNS} FROM balance_holdings WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async listFor(tx: Tx, userId: string): Promise<HoldingRow[]> {
    const { rows } = await tx.query<HoldingRow>(
      `SELECT ${COLUMNS} FROM balance_holdings WHERE user_id = $1
        ORDER BY placed_at DESC, id LIMIT 200`,
      [userId],
    );
    return rows;
  }

  /** Wallets with an overdraft limit among the users `filter` keeps (NetworkScopes). */
  async overdrafts(tx: Tx, filter: string, params: unknown[]): Promise<OverdraftEntry[]> {
    const { rows } = await tx.query<{
      userId: string;
      name: string;
      mobile: string;
      role: string;
      wallet: number;
      overdraftLimit: number;
    }>(
      `SELECT u.id AS "userId", u.name, u.mobile, u.role, b.available AS wallet,
              b.overdraft_limit AS "overdraftLimit"
         FROM ledger_balances() b JOIN users u ON u.id = b.owner_id
        WHERE b.kind = 'wallet' AND b.overdraft_limit > 0 AND ${filter}
        ORDER BY b.overdraft_limit DESC, u.name LIMIT 500`,
      params,
    );
    return rows.map((row) => ({
      ...row,
      wallet: paiseToRupees(Number(row.wallet)),
      overdraftLimit: paiseToRupees(Number(row.overdraftLimit)),
      available: paiseToRupees(Number(row.wallet) + Number(row.overdraftLimit)),
    }));
  }
}
