import type { SqlClient } from '@khata/ledger';
import type pg from 'pg';

/** `work` on one connection between `begin` and COMMIT; rolled back and rethrown if it fails. */
export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (tx: SqlClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is not given back to the pool.
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
