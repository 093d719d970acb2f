import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../common/clock.js';

@Injectable()
export class ExpiredHolds {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Pending holds whose expiry has passed, oldest first. */
  async due(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM ledger_holds WHERE status = 'pending' AND expires_at <= $1
        ORDER BY expires_at LIMIT $2`,
      [this.clock.now(), limit],
    );
    return rows.map((row) => row.id);
  }
}
