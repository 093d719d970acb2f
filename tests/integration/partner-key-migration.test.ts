import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import { PartnerKeySigning1765400031100 } from '../../apps/api/src/database/migrations/1765400031100-partner-key-signing.js';
import { createTestDatabase } from '../support/databases.js';
import { currentTestRun } from '../support/run.mjs';

/**
 * Migration 1765400031100 (issue 31): keys made before kept only a SHA-256 of their secret and
 * cannot sign calls the new way, so the live ones are revoked and the hash column goes; from
 * then on a live key always has a sealed secret.
 */
describe('the partner key signing migration', () => {
  let created: { drop(): Promise<void>; url: string };
  let client: pg.Client;
  const migration = new PartnerKeySigning1765400031100();
  const runner = () => ({ query: (sql: string) => client.query(sql) }) as unknown as QueryRunner;

  beforeAll(async () => {
    created = await createTestDatabase(currentTestRun());
    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await migration.down(runner());
  });
  afterAll(async () => {
    await client?.end();
    await created?.drop();
  });

  it('revokes the keys that have only a hash, keeps revoked ones as they were, and drops the hash', async () => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (mobile, name, role, password_hash, pin_hash)
       VALUES ('7000000099', 'Old Partner', 'partner', 'x', 'x') RETURNING id`,
    );
    const partnerId = rows[0]!.id;
    const revokedAt = new Date('2026-11-01T10:00:00Z');
    await client.query(
      `INSERT INTO partner_api_keys (id, partner_id, name, prefix, secret_hash, scopes, revoked_at)
       VALUES (gen_random_uuid(), $1, 'live', 'kh_live_0000aaaa', '\\x00', '{payouts:write}', NULL),
              (gen_random_uuid(), $1, 'gone', 'kh_live_0000bbbb', '\\x00', '{balance:read}', $2)`,
      [partnerId, revokedAt],
    );

    await migration.up(runner());

    const keys = await client.query<{ name: string; revoked_at: Date | null; secret_sealed: null }>(
      'SELECT name, revoked_at, secret_sealed FROM partner_api_keys ORDER BY name',
    );
    expect(keys.rows.map((key) => [key.name, key.revoked_at !== null, key.secret_sealed])).toEqual([
      ['gone', true, null],
      ['live', true, null],
    ]);
    expect(keys.rows[0]!.revoked_at).toEqual(revokedAt);
    const hash = await client.query(
      `SELECT 1 FROM information_schema.columns
        WHERE table_name = 'partner_api_keys' AND column_name = 'secret_hash'`,
    );
    expect(hash.rowCount).toBe(0);
    await expect(
      client.query(
        `INSERT INTO partner_api_keys (id, partner_id, name, prefix, scopes)
         VALUES (gen_random_uuid(), $1, 'no secret', 'kh_live_0000cccc', '{balance:read}')`,
        [partnerId],
      ),
    ).rejects.toThrow(/partner_api_keys_live_sealed/);
  });
});
