import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { inrPerUnitString } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { type CurrencyRate, CurrencyRatesRepository } from '../currency-rates.repository.js';
import { SetCurrencyRateCommand } from './set-currency-rate.command.js';

@CommandHandler(SetCurrencyRateCommand)
export class SetCurrencyRateHandler implements ICommandHandler<SetCurrencyRateCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly rates: CurrencyRatesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(command: SetCurrencyRateCommand): Promise<CurrencyRate> {
    const { currency, inrPerUnit, adminId, sessionId, context } = command;
    // The new rate and its audit entry (with the rate it replaced) land together or not at all.
    return this.uow.run(async (tx) => {
      const previous = await this.rates.lock(tx, currency);
      const rate = await this.rates.set(tx, {
        currency,
        inrPerUnit,
        updatedAt: this.clock.now(),
        updatedBy: adminId,
      });
      await this.audit.record(tx, {
        action: 'currency-rate.update',
        outcome: 'success',
        actorId: adminId,
        sessionId,
        context,
        details: {
          currency,
          from: previous ? inrPerUnitString(previous.inrPerUnit) : null,
          to: inrPerUnitString(rate.inrPerUnit),
        },
      });
      return rate;
    });
  }
}
