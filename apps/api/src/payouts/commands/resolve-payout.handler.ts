import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuditLog } from '../../audit/audit.repository.js';
import { PinVerifier } from '../../credentials/pin-verifier.js';
import { Db } from '../../database/unit-of-work.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PayoutMessages } from '../payout-messages.js';
import { ResolutionRefused } from '../payout.js';
import { PayoutProcessor } from '../payout-processor.js';
import { payoutRecord } from '../payout-record.js';
import { PayoutsRepository } from '../payouts.repository.js';
import { ResolvePayoutCommand, type PayoutResolved } from './resolve-payout.command.js';

const REFUSALS: Record<ResolutionRefused['reason'], (status: string) => string> = {
  'not-processing': (status) =>
    `Only a payout being processed can be resolved by hand; this one is ${status}.`,
  'send-in-flight': () =>
    'The payout was sent to the bank less than 10 minutes ago. Check its status again later.',
  changed: () => 'The payout changed while it was being resolved. Please check its status again.',
};

@CommandHandler(ResolvePayoutCommand)
export class ResolvePayoutHandler implements ICommandHandler<ResolvePayoutCommand> {
  constructor(
    private readonly pins: PinVerifier,
    private readonly processor: PayoutProcessor,
    private readonly payouts: PayoutsRepository,
    private readonly audit: AuditLog,
    private readonly db: Db,
  ) {}

  async execute(command: ResolvePayoutCommand): Promise<PayoutResolved> {
    if (command.status === 'processed' && !command.utr) {
      throw new AppError(ErrorKind.Invalid, 'A processed payout needs the bank’s UTR.');
    }
    await this.pins.verify({ userId: command.admin.userId }, command.pin, command.context);
    const trigger = {
      by: 'admin' as const,
      adminId: command.admin.userId,
      requestId: command.context.requestId,
    };
    let outcome: Awaited<ReturnType<PayoutProcessor['resolve']>>;
    try {
      outcome = await this.processor.resolve(
        command.payoutId,
        command.status === 'processed'
          ? { status: 'processed', utr: command.utr! }
          : // The customer's words, never the admin's internal reason (issue 23).
            { status: 'failed', reason: command.customerMessage },
        trigger,
      );
    } catch (error) {
      if (!(error instanceof ResolutionRefused)) throw error;
      await this.record(command, 'failure', { refused: error.reason, status: error.payout.status });
      throw new AppError(ErrorKind.Conflict, REFUSALS[error.reason](error.payout.status));
    }
    if (!outcome) throw new AppError(ErrorKind.NotFound, PayoutMessages.notFound);
    await this.record(command, 'success', { by: outcome.by, status: outcome.payout.status });
    return {
      record: payoutRecord(outcome.payout, await this.payouts.balanceAfter(outcome.payout)),
      by: outcome.by,
    };
  }

  private record(
    command: ResolvePayoutCommand,
    outcome: 'success' | 'failure',
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(this.db, {
      action: 'payout.resolve',
      outcome,
      actorId: command.admin.userId,
      subjectId: command.payoutId,
      sessionId: command.admin.sessionId,
      context: command.context,
      details: {
        asked: command.status,
        utr: command.utr ?? null,
        reason: command.reason,
        customerMessage: command.status === 'failed' ? command.customerMessage : null,
        ...details,
      },
    });
  }
}
