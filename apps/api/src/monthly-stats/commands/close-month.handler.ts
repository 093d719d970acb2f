import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import {
  auditMoney,
  checkStatsMonth,
  indiaMonth,
  MonthlyStatsMessages,
  type MonthCloseInfo,
  type MonthlyStats,
} from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { MonthlyStatsRepository } from '../monthly-stats.repository.js';
import { closeInfo } from '../queries/get-monthly-stats.handler.js';
import { GetMonthlyStatsQuery } from '../queries/get-monthly-stats.query.js';
import { CloseMonthCommand } from './close-month.command.js';

/**
 * Closes a month that has ended in India and reconciles: the figures are stored once, with
 * who and when, and audited. A second close (or the loser of two at once) is a conflict.
 */
@CommandHandler(CloseMonthCommand)
export class CloseMonthHandler implements ICommandHandler<CloseMonthCommand> {
  constructor(
    private readonly queries: QueryBus,
    private readonly repository: MonthlyStatsRepository,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly pins: PinVerifier,
  ) {}

  async execute({ actor, month, context, pin }: CloseMonthCommand): Promise<MonthCloseInfo> {
    // First, like every money action: a missing or wrong PIN is refused (and counted) before
    // anything about the month is read.
    await this.pins.verify(actor, pin, context);
    const started = checkStatsMonth(month, this.clock.now());
    if (!started.ok) throw new AppError(ErrorKind.Invalid, started.message);
    if (month >= indiaMonth(this.clock.now())) {
      throw new AppError(ErrorKind.Refused, MonthlyStatsMessages.monthNotEnded);
    }
    const stats = await this.queries.execute(new GetMonthlyStatsQuery(month));
    if (stats.closed) throw new AppError(ErrorKind.Conflict, MonthlyStatsMessages.alreadyClosed);
    if (!stats.reconciled)
      throw new AppError(ErrorKind.Refused, MonthlyStatsMessages.notReconciled);
    // The figures as they stand, without the chart's rows and the (empty) close.
    const figures: Omit<MonthlyStats, 'daily' | 'closed'> & { daily?: unknown; closed?: unknown } =
      { ...stats };
    delete figures.daily;
    delete figures.closed;
    return this.uow.run(async (tx) => {
      if (!(await this.repository.close(tx, month, actor.userId, figures))) {
        throw new AppError(ErrorKind.Conflict, MonthlyStatsMessages.alreadyClosed);
      }
      await this.audit.record(tx, {
        action: 'month.close',
        outcome: 'success',
        actorId: actor.userId,
        sessionId: actor.sessionId,
        context,
        details: {
          month,
          openingFloat: auditMoney(figures.float.opening),
          closingFloat: auditMoney(figures.float.closing),
        },
      });
      const stored = await this.repository.closeOf(tx, month);
      return closeInfo(stored!);
    });
  }
}
