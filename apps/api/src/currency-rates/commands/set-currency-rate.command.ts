import { Command } from '@nestjs/cqrs';
import type { CurrencyCode, MicroRupees } from '@khata/domain';
import type { RequestContext } from '../../common/http/request-context.js';
import type { CurrencyRate } from '../currency-rates.repository.js';

/** An admin sets the rupee rate of one currency; the change is audited. */
export class SetCurrencyRateCommand extends Command<CurrencyRate> {
  constructor(
    readonly currency: CurrencyCode,
    readonly inrPerUnit: MicroRupees,
    readonly adminId: string,
    readonly sessionId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
