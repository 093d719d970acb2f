import { randomUUID } from 'node:crypto';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { Secret } from '../../apps/api/src/config/secret.js';
import { query, type TestContext } from './test-api.js';

/** Sealing under fixed keys, for a test that runs the ledger without an application. */
export function testDataAtRest(): DataAtRest {
  return new DataAtRest({
    dataKey: new Secret('d'.repeat(32)),
    lookupKey: new Secret('l'.repeat(32)),
  });
}

/**
 * An approved KYC submission and its PAN on file, sealed (issue 31), as an admin's approval
 * leaves them. `run` is the test's way to the database.
 */
export async function putPanOnFile(
  run: (sql: string, params: unknown[]) => Promise<unknown>,
  atRest: DataAtRest,
  userId: string,
  pan = 'ABCDE1234F',
): Promise<void> {
  const sealed = atRest.seal(pan);
  await run(
    `WITH approved AS (
       INSERT INTO kyc_submissions (id, user_id, pan_sealed, aadhaar_last4, photo, photo_type,
                                    state, submitted_at, decided_at)
       VALUES ($1, $2, $3, '1234', $4, 'image/png', 'approved', now(), now())
       RETURNING user_id, pan_sealed)
     UPDATE users SET pan_sealed = approved.pan_sealed FROM approved WHERE users.id = approved.user_id`,
    [randomUUID(), userId, sealed, atRest.sealBytes(Buffer.of(0x89))],
  );
}

/**
 * The `table.column`s of the schema (base tables, text, JSON or bytes) holding `needle`: text in
 * any column, a file's bytes in a bytea column. One statement, one probe per column: a round trip
 * a column took a minute once the schema grew, and timed out a test on a loaded CI machine.
 */
export async function columnsHolding(api: TestContext, needle: string | Buffer): Promise<string[]> {
  const columns = await query<{ table: string; column: string; type: string }>(
    api,
    `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'bytea')
      ORDER BY 1, 2`,
  );
  const probes = columns
    .filter(({ type }) => !Buffer.isBuffer(needle) || type === 'bytea')
    .map(({ table, column, type }) => {
      const holds =
        type !== 'bytea'
          ? `strpos("${column}"::text, $1::text) > 0`
          : Buffer.isBuffer(needle)
            ? `position($1::bytea IN "${column}") > 0`
            : `position(convert_to($1::text, 'UTF8') IN "${column}") > 0`;
      return `SELECT '${table}.${column}' AS at WHERE EXISTS (SELECT 1 FROM "${table}" WHERE ${holds})`;
    });
  const rows = await query<{ at: string }>(api, probes.join('\n UNION ALL '), [needle]);
  return rows.map((row) => row.at).sort();
}
