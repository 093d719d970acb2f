import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SqlClient } from '@khata/ledger';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { inTransaction } from './in-transaction.js';
import { LaggingReads } from './lagging-reads.js';

/**
 * The one handle on Postgres, in a transaction or not: `query(sql, params)` answers
 * `{ rows, rowCount }` for every statement (libs/ledger's SqlClient, pg's own shape).
 * A repository method that can take part in a caller's transaction takes it as its FIRST
 * parameter, `tx: Tx`; a caller outside any transaction passes `Db`, which is a Tx too.
 */
export type Tx = SqlClient;

/** TypeORM made the pool (settings, size, int8 parser); from here on it is used as pg's. */
function poolOf(dataSource: DataSource): pg.Pool {
  return (dataSource.driver as unknown as { master: pg.Pool }).master;
}

/** The pool as a Tx: each query on its own connection, committed as it runs. */
@Injectable()
export class Db implements Tx {
  private readonly pool: pg.Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = poolOf(dataSource);
  }

  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]) {
    return this.pool.query(sql, params) as unknown as Promise<{
      rows: Row[];
      rowCount: number | null;
    }>;
  }

  /**
   * Reads that must agree with each other (a page and its total) in one REPEATABLE READ,
   * READ ONLY transaction: each query of `work` sees the same snapshot. Two queries on two
   * pooled connections do not: a record projected between them is counted but not listed.
   * The queries run one after another on the one connection (pg queues them).
   */
  snapshot<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY', work);
  }
}

/** The one way to open a transaction: `uow.run(async (tx) => …)` commits, or rolls back and rethrows. */
@Injectable()
export class UnitOfWork {
  private readonly pool: pg.Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.pool = poolOf(dataSource);
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, 'BEGIN', work);
  }
}

/**
 * Db and UnitOfWork for every feature, on the pool TypeOrmModule made; LaggingReads for the
 * reads that may lag (lagging-reads.ts), on pools of their own.
 */
@Global()
@Module({ providers: [Db, UnitOfWork, LaggingReads], exports: [Db, UnitOfWork, LaggingReads] })
export class DatabaseModule {}
