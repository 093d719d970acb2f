/**
 * What the ledger needs of Postgres: a pool or client of `pg` fits as it is. The ledger knows
 * SQL, not HTTP, Nest or TypeORM. `rowCount` is what an UPDATE or DELETE touched. Khata's
 * pools decode int8 into exact numbers (khataTypes, int8.ts); the ledger's own reads accept
 * either that or pg's default text, and hand seqs out as strings (`::text`).
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}
