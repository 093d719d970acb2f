import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../common/clock.js';
import { Db } from '../../database/unit-of-work.js';
import { assertMayReadDmt } from '../dmt-access.js';
import { toRemitterRecord } from '../dmt-records.js';
import { RemitterMonthUsage } from '../remitter-month-usage.js';
import { RemittersRepository } from '../remitters.repository.js';
import { LookUpRemitterQuery } from './look-up-remitter.query.js';

/** One remitter company-wide, whichever shop asks: its state, beneficiaries and month's limit. */
@QueryHandler(LookUpRemitterQuery)
export class LookUpRemitterHandler implements IQueryHandler<LookUpRemitterQuery> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly usage: RemitterMonthUsage,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async execute({ user, mobile }: LookUpRemitterQuery) {
    assertMayReadDmt(user);
    const remitter = await this.remitters.findByMobile(this.db, mobile);
    if (!remitter) return undefined;
    const at = this.clock.now();
    const [beneficiaries, used] = await Promise.all([
      this.remitters.beneficiariesOf(this.db, remitter.id),
      this.usage.usedPaise(this.db, remitter.id, at),
    ]);
    return toRemitterRecord(remitter, beneficiaries, used, at);
  }
}
