import { randomUUID } from 'node:crypto';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { Secret } from '../../apps/api/src/config/secret.js';

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
