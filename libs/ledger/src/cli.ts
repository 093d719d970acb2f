// `npm run ledger:verify` and `npm run ledger:rebuild [-- --apply]` against DATABASE_URL.
// LEDGER_PUBLIC_KEY (the published key, PEM or base64 SPKI) makes verify refuse signed heads
// signed by any other key.
import { createPublicKey } from 'node:crypto';
import pg from 'pg';
import { khataTypes } from './int8.js';
import { rebuildProjections, rebuildReadModel } from './rebuild.js';
import { publicKeyPem } from './signed-heads.js';
import { verifyLedger } from './verify.js';

function trustedKeys(): string[] | undefined {
  const value = process.env.LEDGER_PUBLIC_KEY?.trim();
  if (!value) return undefined;
  const key = value.startsWith('-----')
    ? createPublicKey(value)
    : createPublicKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'spki' });
  return [publicKeyPem(key)];
}

const [command, ...flags] = process.argv.slice(2);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/khata',
  max: 2,
  types: khataTypes,
});

async function main(): Promise<number> {
  if (command === 'verify') {
    const keys = trustedKeys();
    const result = await verifyLedger(pool, { trustedKeys: keys });
    const { events, postings, accounts, signedHeads } = result.checked;
    console.log(
      `Checked ${events} events, ${postings} postings, ${accounts} accounts, ${signedHeads} signed heads` +
        (keys
          ? ' against the published key.'
          : ' (set LEDGER_PUBLIC_KEY to check whose key signed them).'),
    );
    for (const violation of result.violations) console.log(`VIOLATION ${violation}`);
    console.log(
      result.ok
        ? 'The ledger verifies: every invariant holds.'
        : `${result.violations.length} violations.`,
    );
    return result.ok ? 0 : 1;
  }
  if (command === 'rebuild') {
    const apply = flags.includes('--apply');
    const result = await rebuildProjections(pool, { apply });
    for (const d of result.differences)
      console.log(`DIFF ${d.accountId} ${d.field}: live ${d.live}, rebuilt ${d.rebuilt}`);
    console.log(
      `Rebuilt ${result.accounts} accounts from the log: ${result.differences.length} differences` +
        (apply && result.differences.length ? ' (rewritten).' : '.'),
    );
    const client = await pool.connect();
    const readModel = await rebuildReadModel(client, { apply }).finally(() => client.release());
    for (const d of readModel.differences) console.log(`DIFF ${d.table}: ${d.rows} rows differ`);
    console.log(
      `Replayed ${readModel.events} events into the read model: ${readModel.differences.length} tables differ` +
        (apply && readModel.differences.length ? ' (rewritten).' : '.'),
    );
    const differs = result.differences.length + readModel.differences.length > 0;
    return differs && !apply ? 1 : 0;
  }
  console.error('usage: ledger-cli verify | rebuild [--apply]');
  return 2;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((error: Error) => {
    console.error(`ledger: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => pool.end());
