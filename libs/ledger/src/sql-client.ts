/**
 * What the ledger needs of Postgres: a pool or client of `pg` fits as it is. The ledger knows
 * SQL, not HTTP, Nest or TypeORM.
 */
export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}
