import { Injectable } from '@nestjs/common';
import type { ApiKeySummary, PartnerScope } from '@khata/domain';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface StoredApiKey {
  id: string;
  partnerId: string;
  name: string;
  prefix: string;
  secretHash: Buffer;
  scopes: PartnerScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const COLUMNS = `id, partner_id AS "partnerId", name, prefix, secret_hash AS "secretHash", scopes,
  created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** A partner's API keys: only the SHA-256 of each secret is stored. */
@Injectable()
export class PartnerKeysRepository {
  constructor(private readonly db: Db) {}

  /** Whether this user is a partner: the admin's partner calls answer 404 for anyone else. */
  async isPartner(userId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `SELECT 1 FROM users WHERE id = $1 AND role = 'partner'`,
      [userId],
    );
    return rowCount === 1;
  }

  /** Serialises key changes of one partner (the active-key cap holds under a burst). */
  async lockPartner(tx: Tx, partnerId: string): Promise<void> {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [partnerId]);
  }

  async countActive(tx: Tx, partnerId: string): Promise<number> {
    const { rows } = await tx.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM partner_api_keys WHERE partner_id = $1 AND revoked_at IS NULL',
      [partnerId],
    );
    return rows[0]?.n ?? 0;
  }

  async insert(tx: Tx, key: Omit<StoredApiKey, 'lastUsedAt' | 'revokedAt'>): Promise<void> {
    await tx.query(
      `INSERT INTO partner_api_keys (id, partner_id, name, prefix, secret_hash, scopes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [key.id, key.partnerId, key.name, key.prefix, key.secretHash, key.scopes, key.createdAt],
    );
  }

  async list(partnerId: string): Promise<StoredApiKey[]> {
    const { rows } = await this.db.query<StoredApiKey>(
      `SELECT ${COLUMNS} FROM partner_api_keys WHERE partner_id = $1
       ORDER BY revoked_at IS NOT NULL, created_at DESC`,
      [partnerId],
    );
    return rows;
  }

  async findByPrefix(prefix: string): Promise<StoredApiKey | undefined> {
    const { rows } = await this.db.query<StoredApiKey>(
      `SELECT ${COLUMNS} FROM partner_api_keys WHERE prefix = $1`,
      [prefix],
    );
    return rows[0];
  }

  /** Revokes one of the partner's own keys; undefined when it has no such key. */
  async revoke(
    tx: Tx,
    partnerId: string,
    id: string,
    at: Date,
  ): Promise<{ key: StoredApiKey; alreadyRevoked: boolean } | undefined> {
    const { rows } = await tx.query<StoredApiKey>(
      `SELECT ${COLUMNS} FROM partner_api_keys WHERE id = $1 AND partner_id = $2 FOR UPDATE`,
      [id, partnerId],
    );
    const key = rows[0];
    if (!key) return undefined;
    if (key.revokedAt) return { key, alreadyRevoked: true };
    await tx.query('UPDATE partner_api_keys SET revoked_at = $2 WHERE id = $1', [id, at]);
    return { key: { ...key, revokedAt: at }, alreadyRevoked: false };
  }

  /** Marks a key used; at most one write a minute per key, so a busy key is not a hot row. */
  async touch(id: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE partner_api_keys SET last_used_at = $2
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
      [id, at],
    );
  }
}

export function toApiKeySummary(key: StoredApiKey): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
