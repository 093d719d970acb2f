import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Ledger, type SqlClient } from '@khata/ledger';
import type { DataSource, EntityManager } from 'typeorm';
import { ExpiredHolds } from './expired-holds.repository.js';
import { ExpireHoldsHandler } from './expire-holds.job.js';

/** libs/ledger speaks `pg`'s shape; this lets it run on TypeORM's pool or inside a transaction. */
export function sqlClientOf(source: DataSource | EntityManager): SqlClient {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => ({
      rows: (await source.query(sql, params)) as Row[],
    }),
  };
}

/** The ledger on the application's pool: the one way features move money. */
@Global()
@Module({
  providers: [
    {
      provide: Ledger,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => new Ledger(sqlClientOf(dataSource)),
    },
    ExpiredHolds,
    ExpireHoldsHandler,
  ],
  exports: [Ledger],
})
export class LedgerModule {}
