import { Injectable } from '@nestjs/common';
import type { ApiKeySummary, PartnerScope } from '@khata/domain';
import { SecretBox } from '../common/crypto/secret-box.js';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface StoredApiKey {
  id: string;
  partnerId: string;
  name: string;
  /** The key id: public, what `X-Khata-Key-Id` carries. */
  prefix: string;
  scopes: PartnerScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * A key with its signing secret, opened from its sealed copy to check a call; the secret is
 * null only for keys made before issue 31 (only a hash was kept), all revoked by its migration.
 */
export type SigningKey = StoredApiKey & { secret: string | null };

const COLUMNS = `id, partner_id AS "partnerId", name, prefix, scopes,
  created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/**
 * A partner's API keys. Each signing secret is sealed (SecretBox, AES-256-GCM under DATA_KEY)
 * on the way in and opened only to check a call's signature: the server must recompute the
 * HMAC, so a hash will not do, and a copy of the database alone signs nothing.
 */
@Injectable()
export class PartnerKeysRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

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

  async insert(
    tx: Tx,
    key: Omit<StoredApiKey, 'lastUsedAt' | 'revokedAt'> & { secret: string },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO partner_api_keys (id, partner_id, name, prefix, secret_sealed, scopes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        key.id,
        key.partnerId,
        key.name,
        key.prefix,
        this.box.seal(key.secret),
        key.scopes,
        key.createdAt,
      ],
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

  async findByPrefix(prefix: string): Promise<SigningKey | undefined> {
    const { rows } = await this.db.query<StoredApiKey & { secretSealed: string | null }>(
      `SELECT ${COLUMNS}, secret_sealed AS "secretSealed" FROM partner_api_keys WHERE prefix = $1`,
      [prefix],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { secretSealed, ...key } = row;
    return { ...key, secret: secretSealed && this.box.open(secretSealed) };
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
