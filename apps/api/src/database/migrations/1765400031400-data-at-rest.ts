import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { DataAtRest } from '../../common/crypto/data-at-rest.js';

/** The tables whose `account_number` becomes `account_sealed` and `account_hash`. */
const ACCOUNT_TABLES = ['beneficiaries', 'bank_account_checks', 'payouts', 'company_bank_accounts'];

/** Each index on an account number, as it is made again on its hash (and as it was). */
const ACCOUNT_INDEXES = [
  {
    hashed: `CREATE UNIQUE INDEX beneficiaries_owner_account_uniq
               ON beneficiaries (owner_id, kind, account_hash, ifsc)
               WHERE deleted_at IS NULL AND activation_status IS DISTINCT FROM 'rejected'`,
    clear: `CREATE UNIQUE INDEX beneficiaries_owner_account_uniq
              ON beneficiaries (owner_id, kind, account_number, ifsc)
              WHERE deleted_at IS NULL AND activation_status IS DISTINCT FROM 'rejected'`,
  },
  {
    hashed: `CREATE INDEX bank_account_checks_lookup_idx
               ON bank_account_checks (owner_id, account_hash, ifsc, checked_at DESC)`,
    clear: `CREATE INDEX bank_account_checks_lookup_idx
              ON bank_account_checks (owner_id, account_number, ifsc, checked_at DESC)`,
  },
  {
    hashed: `CREATE INDEX payouts_user_account_idx
               ON payouts (user_id, account_hash, ifsc, created_at DESC)`,
    clear: `CREATE INDEX payouts_user_account_idx
              ON payouts (user_id, account_number, ifsc, created_at DESC)`,
  },
  {
    hashed: 'CREATE INDEX payouts_account_hash_idx ON payouts (account_hash)',
    clear: 'CREATE INDEX payouts_account_number_idx ON payouts (account_number)',
  },
  {
    hashed: `ALTER TABLE company_bank_accounts
               ADD CONSTRAINT company_bank_accounts_account_hash_ifsc_key UNIQUE (account_hash, ifsc)`,
    clear: `ALTER TABLE company_bank_accounts
              ADD CONSTRAINT company_bank_accounts_account_number_ifsc_key UNIQUE (account_number, ifsc)`,
  },
];

const PHOTO_LIMIT = 2097152;
/** What SecretBox's v1 sealing adds to a file: a version byte, a 12-byte IV, a 16-byte tag. */
const SEALED_BYTES_OVERHEAD = 29;
/** A stored file: up to 2 MB as sent, plus what sealing adds once sealed. */
const fileCheck = (column: string, overhead: number) =>
  `CHECK (octet_length(${column}) BETWEEN 1 + ${overhead} AND ${PHOTO_LIMIT + overhead})`;

const BATCH = 500;

/**
 * Issue 31, item 7: PANs, bank account numbers and the files users send (KYC shop photos, fund
 * request proofs) are sealed at rest with SecretBox under DATA_KEY; an account number also
 * keeps an HMAC under LOOKUP_KEY (`account_hash`) that the look-ups and unique indexes compare.
 * Sealing needs the keys, so this migration is made with them (`migrate(url, atRest)`, at the
 * API's start-up); without them it runs only on a database with nothing to seal (a new one).
 *
 * The sandbox rail plays the bank: it keeps only an account's last 4 digits, all its rules read.
 * The append-only audit log had PANs in clear (KYC submissions and decisions, the dashboard's
 * PAN task) and company account numbers (company-bank-account.save): its trigger is lifted for
 * this one statement, inside this transaction, to mask them (`******234F`, `XXXXXX1234`), and a
 * row says it was done. That masking is not undone by `down`. A payout's request hash (its
 * idempotency check) becomes an HMAC under LOOKUP_KEY of the digest it was, as new ones are.
 */
export function dataAtRestMigration(atRest: DataAtRest | undefined) {
  const keys = (): DataAtRest => {
    if (!atRest) {
      throw new Error(
        'Rows hold PANs or account numbers in clear: DATA_KEY and LOOKUP_KEY are needed to seal them (migrate at the API start-up).',
      );
    }
    return atRest;
  };

  return class DataAtRest1765400031400 implements MigrationInterface {
    name = 'DataAtRest1765400031400';

    async up(db: QueryRunner): Promise<void> {
      await db.query('ALTER TABLE users ADD COLUMN pan_sealed text');
      await eachBatch(db, 'users', 'pan', async (rows) => {
        const sealed = rows.map((row) => keys().seal(row.value as string));
        await db.query(
          `UPDATE users u SET pan_sealed = v.sealed
             FROM unnest($1::uuid[], $2::text[]) AS v(id, sealed) WHERE u.id = v.id`,
          [rows.map((row) => row.id), sealed],
        );
      });
      await db.query('ALTER TABLE users DROP COLUMN pan');

      await db.query('ALTER TABLE kyc_submissions ADD COLUMN pan_sealed text');
      await db.query('ALTER TABLE kyc_submissions DROP CONSTRAINT kyc_submissions_photo_check');
      await eachBatch(db, 'kyc_submissions', 'pan', async (rows) => {
        await db.query(
          `UPDATE kyc_submissions s SET pan_sealed = v.sealed
             FROM unnest($1::uuid[], $2::text[]) AS v(id, sealed) WHERE s.id = v.id`,
          [rows.map((row) => row.id), rows.map((row) => keys().seal(row.value as string))],
        );
      });
      await db.query(`ALTER TABLE kyc_submissions DROP COLUMN pan,
        ALTER COLUMN pan_sealed SET NOT NULL`);
      await sealFiles(db, 'kyc_submissions', 'photo', (bytes) => keys().sealBytes(bytes));
      await db.query(`ALTER TABLE kyc_submissions ADD CONSTRAINT kyc_submissions_photo_check
        ${fileCheck('photo', SEALED_BYTES_OVERHEAD)}`);

      await db.query('ALTER TABLE fund_requests DROP CONSTRAINT fund_requests_proof_check');
      await sealFiles(db, 'fund_requests', 'proof', (bytes) => keys().sealBytes(bytes));
      await db.query(`ALTER TABLE fund_requests ADD CONSTRAINT fund_requests_proof_check
        ${fileCheck('proof', SEALED_BYTES_OVERHEAD)}`);

      for (const table of ACCOUNT_TABLES) {
        await db.query(
          `ALTER TABLE ${table} ADD COLUMN account_sealed text, ADD COLUMN account_hash bytea`,
        );
        await eachBatch(db, table, 'account_number', async (rows) => {
          const sealed = rows.map((row) => keys().sealAccount(row.value as string));
          await db.query(
            `UPDATE ${table} t SET account_sealed = v.sealed, account_hash = v.hash
               FROM unnest($1::uuid[], $2::text[], $3::bytea[]) AS v(id, sealed, hash)
              WHERE t.id = v.id`,
            [rows.map((row) => row.id), sealed.map((s) => s.sealed), sealed.map((s) => s.hash)],
          );
        });
        // Dropping the column drops its check and the indexes on it.
        await db.query(`ALTER TABLE ${table} DROP COLUMN account_number,
          ALTER COLUMN account_sealed SET NOT NULL, ALTER COLUMN account_hash SET NOT NULL`);
      }
      for (const index of ACCOUNT_INDEXES) await db.query(index.hashed);
      // A payout's request hash was a plain SHA-256 of its account number, amount, IFSC and
      // mode, the rest of them stored beside it: keyed now, as the code makes new ones.
      await eachBatch(db, 'payouts', 'request_hash', async (rows) => {
        await db.query(
          `UPDATE payouts p SET request_hash = v.keyed
             FROM unnest($1::uuid[], $2::text[]) AS v(id, keyed) WHERE p.id = v.id`,
          [rows.map((row) => row.id), rows.map((row) => keys().requestHash(row.value as string))],
        );
      });

      for (const table of ['sandbox_rail_transfers', 'sandbox_rail_calls']) {
        await db.query(`ALTER TABLE ${table} ADD COLUMN account_last4 text`);
        await db.query(`UPDATE ${table} SET account_last4 = right(account_number, 4)`);
        await db.query(`ALTER TABLE ${table} DROP COLUMN account_number`);
      }
      await db.query('ALTER TABLE sandbox_rail_transfers ALTER COLUMN account_last4 SET NOT NULL');

      await maskAuditLog(db);
    }

    /** Payouts keep their keyed request hashes (an HMAC is not undone): only replays differ. */
    async down(db: QueryRunner): Promise<void> {
      for (const table of ['sandbox_rail_transfers', 'sandbox_rail_calls']) {
        // The digits before the last 4 are gone: the sandbox's rules read only the last 3.
        await db.query(`ALTER TABLE ${table} ADD COLUMN account_number text`);
        await db.query(`UPDATE ${table} SET account_number = '00000' || account_last4`);
        await db.query(`ALTER TABLE ${table} DROP COLUMN account_last4`);
      }
      await db.query('ALTER TABLE sandbox_rail_transfers ALTER COLUMN account_number SET NOT NULL');

      for (const table of ACCOUNT_TABLES) {
        await db.query(`ALTER TABLE ${table} ADD COLUMN account_number text`);
        await eachBatch(db, table, 'account_sealed', async (rows) => {
          await db.query(
            `UPDATE ${table} t SET account_number = v.clear
               FROM unnest($1::uuid[], $2::text[]) AS v(id, clear) WHERE t.id = v.id`,
            [rows.map((row) => row.id), rows.map((row) => keys().open(row.value as string))],
          );
        });
        await db.query(`ALTER TABLE ${table} DROP COLUMN account_sealed, DROP COLUMN account_hash,
          ALTER COLUMN account_number SET NOT NULL,
          ADD CONSTRAINT ${table}_account_number_check CHECK (account_number ~ '^[0-9]{9,18}$')`);
      }
      for (const index of ACCOUNT_INDEXES) await db.query(index.clear);

      for (const [table, column] of [
        ['fund_requests', 'proof'],
        ['kyc_submissions', 'photo'],
      ] as const) {
        await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_check`);
        await sealFiles(db, table, column, (bytes) => keys().openBytes(bytes));
        await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check
          ${fileCheck(column, 0)}`);
      }

      await db.query('ALTER TABLE kyc_submissions ADD COLUMN pan text');
      await eachBatch(db, 'kyc_submissions', 'pan_sealed', async (rows) => {
        await db.query(
          `UPDATE kyc_submissions s SET pan = v.clear
             FROM unnest($1::uuid[], $2::text[]) AS v(id, clear) WHERE s.id = v.id`,
          [rows.map((row) => row.id), rows.map((row) => keys().open(row.value as string))],
        );
      });
      await db.query(`ALTER TABLE kyc_submissions DROP COLUMN pan_sealed,
        ALTER COLUMN pan SET NOT NULL,
        ADD CONSTRAINT kyc_submissions_pan_check CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$')`);

      await db.query(`ALTER TABLE users ADD COLUMN pan text
        CONSTRAINT users_pan_format CHECK (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$')`);
      await eachBatch(db, 'users', 'pan_sealed', async (rows) => {
        await db.query(
          `UPDATE users u SET pan = v.clear
             FROM unnest($1::uuid[], $2::text[]) AS v(id, clear) WHERE u.id = v.id`,
          [rows.map((row) => row.id), rows.map((row) => keys().open(row.value as string))],
        );
      });
      await db.query('ALTER TABLE users DROP COLUMN pan_sealed');
    }
  };
}

/** The rows of `table` with a `column`, BATCH at a time in id order, to `work`. */
async function eachBatch(
  db: QueryRunner,
  table: string,
  column: string,
  work: (rows: { id: string; value: string | Buffer }[]) => Promise<void>,
): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (await db.query(
      `SELECT id, ${column} AS value FROM ${table}
        WHERE ${column} IS NOT NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as { id: string; value: string | Buffer }[];
    if (rows.length === 0) return;
    await work(rows);
    after = rows[rows.length - 1]!.id;
  }
}

/** Each stored file of `table.column` replaced by `change` of it. */
async function sealFiles(
  db: QueryRunner,
  table: string,
  column: string,
  change: (bytes: Buffer) => Buffer,
): Promise<void> {
  await eachBatch(db, table, column, async (rows) => {
    await db.query(
      `UPDATE ${table} t SET ${column} = v.bytes
         FROM unnest($1::uuid[], $2::bytea[]) AS v(id, bytes) WHERE t.id = v.id`,
      [rows.map((row) => row.id), rows.map((row) => change(row.value as Buffer))],
    );
  });
}

/**
 * The audit log's PANs and full account numbers, masked. audit_log refuses UPDATE by trigger
 * (identity migration); the owner running migrations may lift it, and does so only here, for
 * this statement, in this transaction, then writes a row that says so.
 */
async function maskAuditLog(db: QueryRunner): Promise<void> {
  await db.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
  const masked = (await db.query(`
    WITH masked AS (
      UPDATE audit_log SET details = details
        || CASE WHEN details->>'pan' ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'
                THEN jsonb_build_object('pan', '******' || right(details->>'pan', 4))
                ELSE '{}'::jsonb END
        || CASE WHEN details->>'accountNumber' ~ '^[0-9]{9,18}$'
                THEN jsonb_build_object('accountNumber',
                       repeat('X', length(details->>'accountNumber') - 4)
                       || right(details->>'accountNumber', 4))
                ELSE '{}'::jsonb END
       WHERE details->>'pan' ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'
          OR details->>'accountNumber' ~ '^[0-9]{9,18}$'
      RETURNING id)
    SELECT count(*)::int AS n FROM masked`)) as { n: number }[];
  await db.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
  if (masked[0]!.n > 0) {
    await db.query(
      `INSERT INTO audit_log (action, outcome, details)
       VALUES ('audit.mask', 'success', jsonb_build_object('rows', $1::int,
         'fields', jsonb_build_array('pan', 'accountNumber'), 'migration', 'DataAtRest1765400031400'))`,
      [masked[0]!.n],
    );
  }
}
