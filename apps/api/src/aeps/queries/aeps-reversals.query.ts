import { Query } from '@nestjs/cqrs';
import type { AepsReversals } from '@khata/domain';

/**
 * Payment Operations (issue 26): AEPS withdrawals the customer's bank debited and failed, with
 * RBI's T + 5 reversal clock on each, as of `now`.
 */
export class AepsReversalsQuery extends Query<AepsReversals> {
  constructor(readonly now: Date) {
    super();
  }
}
