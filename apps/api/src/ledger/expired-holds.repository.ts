import { Injectable } from '@nestjs/common';
import { LedgerReads } from '@khata/ledger';
import { Clock } from '../common/clock.js';

@Injectable()
export class ExpiredHolds {
  constructor(
    private readonly reads: LedgerReads,
    private readonly clock: Clock,
  ) {}

  /** Pending holds whose expiry has passed, oldest first. */
  async due(limit: number): Promise<string[]> {
    return this.reads.expiredHolds(this.clock.now(), limit);
  }
}
