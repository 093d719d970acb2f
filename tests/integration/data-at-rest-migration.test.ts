import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { dataAtRestMigration } from '../../apps/api/src/database/migrations/1765400031400-data-at-rest.js';
import { testDataAtRest } from '../support/data-at-rest.js';
import { createTestDatabase } from '../support/databases.js';
import { currentTestRun } from '../support/run.mjs';

const PAN = 'ABMPS4821K';
const ACCOUNT = '50100123456789';
const COMPANY_ACCOUNT = '50200012345678';
const PHOTO = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/**
 * Migration 1765400031400 (issue 31) seals what older versions kept in clear: the PAN on file
 * and in KYC submissions, account numbers, KYC photos and fund request proofs; the sandbox
 * rail keeps last 4 digits; the append-only audit log has its PANs and account numbers masked.
 * The database is taken back to the schema before it (`down`), given rows in clear as the old
 * code wrote them, and migrated again.
 */
describe('the data-at-rest migration seals the rows kept in clear', () => {
  const atRest = testDataAtRest();
  let created: { drop(): Promise<void>; url: string };
  let client: pg.Client;
  const runner = () =>
    ({
      query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
    }) as unknown as QueryRunner;
  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await client.query(sql, params)).rows as T[];

  beforeAll(async () => {
    created = await createTestDatabase(currentTestRun());
    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await new (dataAtRestMigration(atRest))().down(runner());
  });
  afterAll(async () => {
    await client?.end();
    await created?.drop();
  });

  it('seals PANs, account numbers and files, keeps the look-up hash, and masks the audit log', async () => {
    const [user] = await rows<{ id: string }>(
      `INSERT INTO users (mobile, name, role, password_hash, pin_hash, pan)
       VALUES ('7000000001', 'Asha', 'distributor', 'x', 'x', $1) RETURNING id`,
      [PAN],
    );
    const userId = user!.id;
    await client.query(
      `INSERT INTO kyc_submissions (id, user_id, pan, aadhaar_last4, photo, photo_type, state,
                                    submitted_at)
       VALUES ($1, $2, $3, '1234', $4, 'image/png', 'submitted', now())`,
      [randomUUID(), userId, PAN, PHOTO],
    );
    await client.query(
      `INSERT INTO beneficiaries (owner_id, kind, type, name, bank_name, account_number, ifsc,
                                  status)
       VALUES ($1, 'bank', 'payout', 'Ravi', 'State Bank of India', $2, 'SBIN0001234', 'pending')`,
      [userId, ACCOUNT],
    );
    await client.query(
      `INSERT INTO bank_account_checks (owner_id, account_number, ifsc, verified, payee_name)
       VALUES ($1, $2, 'SBIN0001234', true, 'RAVI')`,
      [userId, ACCOUNT],
    );
    await client.query(`SELECT ledger_open_accounts($1, ARRAY['wallet'])`, [userId]);
    const payoutId = randomUUID();
    await client.query(
      `INSERT INTO payouts (id, kind, user_id, account_id, hold_id, beneficiary_name,
                            account_number, ifsc, payment_mode, amount, fee, status,
                            idempotency_key, request_hash, order_seq, created_at, updated_at)
       SELECT $1, 'payout', $2, a.id, gen_random_uuid(), 'Ravi', $3, 'SBIN0001234', 'IMPS',
              50000, 1500, 'queued', 'key-1', 'digest-of-the-request', 1, now(), now()
         FROM ledger_accounts a WHERE a.owner_id = $2 AND a.kind = 'wallet'`,
      [payoutId, userId, ACCOUNT],
    );
    const bankId = randomUUID();
    await client.query(
      `INSERT INTO company_bank_accounts (id, bank_name, account_name, account_number, ifsc)
       VALUES ($1, 'HDFC Bank', 'Khata Payments Pvt Ltd', $2, 'HDFC0000123')`,
      [bankId, COMPANY_ACCOUNT],
    );
    await client.query(
      `INSERT INTO fund_requests (id, user_id, bank_account_id, amount, mode, utr, deposit_date,
                                  proof, proof_type)
       VALUES ($1, $2, $3, 10000, 'IMPS', 'UTR1', current_date, $4, 'image/png')`,
      [randomUUID(), userId, bankId, PHOTO],
    );
    await client.query(
      `INSERT INTO sandbox_rail_transfers (reference, account_number, ifsc, amount, mode, status)
       VALUES ('ref-1', $1, 'SBIN0001234', 100, 'IMPS', 'processed')`,
      [ACCOUNT],
    );
    await client.query(
      `INSERT INTO audit_log (action, outcome, subject_id, details) VALUES
         ('kyc.pan-added', 'success', $1, jsonb_build_object('pan', $2::text)),
         ('company-bank-account.save', 'success', NULL,
          jsonb_build_object('accountNumber', $3::text, 'bankName', 'HDFC Bank')),
         ('beneficiary.create', 'success', $1, '{"accountNumber": "XXXXXXXXXX6789"}')`,
      [userId, PAN, COMPANY_ACCOUNT],
    );

    // Without the keys there is no sealing: the migration refuses, and changes nothing.
    await client.query('BEGIN');
    await expect(new (dataAtRestMigration(undefined))().up(runner())).rejects.toThrow(
      'DATA_KEY and LOOKUP_KEY are needed',
    );
    await client.query('ROLLBACK');

    await client.query('BEGIN');
    await new (dataAtRestMigration(atRest))().up(runner());
    await client.query('COMMIT');

    const clearColumns = await rows<{ column: string }>(
      `SELECT table_name || '.' || column_name AS column FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('pan', 'account_number')`,
    );
    expect(clearColumns).toEqual([]);

    const [onFile] = await rows<{ pan_sealed: string }>(
      'SELECT pan_sealed FROM users WHERE id = $1',
      [userId],
    );
    expect(atRest.open(onFile!.pan_sealed)).toBe(PAN);
    const [submission] = await rows<{ pan_sealed: string; photo: Buffer }>(
      'SELECT pan_sealed, photo FROM kyc_submissions WHERE user_id = $1',
      [userId],
    );
    expect(atRest.open(submission!.pan_sealed)).toBe(PAN);
    expect(atRest.openBytes(submission!.photo).equals(PHOTO)).toBe(true);
    const [request] = await rows<{ proof: Buffer }>('SELECT proof FROM fund_requests');
    expect(atRest.openBytes(request!.proof).equals(PHOTO)).toBe(true);

    for (const [table, number] of [
      ['payouts', ACCOUNT],
      ['beneficiaries', ACCOUNT],
      ['bank_account_checks', ACCOUNT],
      ['company_bank_accounts', COMPANY_ACCOUNT],
    ] as const) {
      const [row] = await rows<{ account_sealed: string; account_hash: Buffer }>(
        `SELECT account_sealed, account_hash FROM ${table}`,
      );
      expect(atRest.open(row!.account_sealed)).toBe(number);
      expect(row!.account_hash.equals(atRest.accountHash(number))).toBe(true);
    }
    // The payout's idempotency digest is keyed, as the code now makes it.
    expect(await rows('SELECT request_hash FROM payouts')).toEqual([
      { request_hash: atRest.requestHash('digest-of-the-request') },
    ]);
    expect(await rows('SELECT account_last4 FROM sandbox_rail_transfers')).toEqual([
      { account_last4: '6789' },
    ]);

    // The audit log, append-only again, holds masks; a row says what was masked.
    const audit = await rows<{ action: string; details: Record<string, unknown> }>(
      'SELECT action, details FROM audit_log ORDER BY id',
    );
    expect(audit).toEqual([
      { action: 'kyc.pan-added', details: { pan: '******821K' } },
      {
        action: 'company-bank-account.save',
        details: { accountNumber: 'XXXXXXXXXX5678', bankName: 'HDFC Bank' },
      },
      { action: 'beneficiary.create', details: { accountNumber: 'XXXXXXXXXX6789' } },
      {
        action: 'audit.mask',
        details: {
          rows: 2,
          fields: ['pan', 'accountNumber'],
          migration: 'DataAtRest1765400031400',
        },
      },
    ]);
    await expect(client.query("UPDATE audit_log SET details = '{}'")).rejects.toThrow(
      'audit_log is append-only: UPDATE refused',
    );

    // The unique index now stands on the hash: the same account twice is refused.
    await expect(
      client.query(
        `INSERT INTO beneficiaries (owner_id, kind, type, name, bank_name, account_sealed,
                                    account_hash, ifsc, status)
         VALUES ($1, 'bank', 'payout', 'Ravi', 'SBI', $2, $3, 'SBIN0001234', 'pending')`,
        [userId, atRest.seal(ACCOUNT), atRest.accountHash(ACCOUNT)],
      ),
    ).rejects.toThrow('beneficiaries_owner_account_uniq');
  });
});
