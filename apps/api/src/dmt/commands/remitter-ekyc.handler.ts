import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DmtMessages } from '@khata/domain';
import { AuditTrail } from '../../audit/audit-trail.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { assertMayActInDmt } from '../dmt-access.js';
import { remitterAuditEntry } from '../dmt-audit.js';
import {
  type EkycOutcome,
  RemitterProvider,
  RemitterProviderUnavailableError,
} from '../remitter-provider.js';
import { RemittersRepository } from '../remitters.repository.js';
import { RemitterEkycCommand } from './remitter-ekyc.command.js';

/**
 * e-KYC through the provider (docs/decisions.md, issue 25): Khata passes the mobile, the
 * consent and the device's PID block or the Aadhaar OTP the customer read out, and keeps only
 * the provider's reference. An OTP e-KYC is two calls: the first starts it (the provider's
 * reference is kept on the remitter), the second completes it with the code.
 */
@CommandHandler(RemitterEkycCommand)
export class RemitterEkycHandler implements ICommandHandler<RemitterEkycCommand> {
  constructor(
    private readonly remitters: RemittersRepository,
    private readonly provider: RemitterProvider,
    private readonly db: Db,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute({ user, mobile, step, context }: RemitterEkycCommand) {
    assertMayActInDmt(user);
    const remitter = await this.remitters.findByMobile(this.db, mobile);
    if (!remitter) throw new AppError(ErrorKind.NotFound, DmtMessages.remitterNotFound);
    if (remitter.state === 'otpPending') {
      throw new AppError(ErrorKind.Conflict, DmtMessages.remitterNotRegistered);
    }
    if (remitter.state === 'ekycDone') {
      throw new AppError(ErrorKind.Conflict, DmtMessages.ekycAlreadyDone);
    }

    if (step.method === 'otp' && step.otp === undefined) {
      const { reference } = await this.ask(() => this.provider.startOtpEkyc(mobile));
      await this.remitters.startEkyc(this.db, remitter.id, reference);
      return { remitterId: remitter.id, otpSent: true };
    }

    let outcome: EkycOutcome;
    if (step.method === 'otp') {
      const started = await this.remitters.ekycReference(this.db, remitter.id);
      if (!started) throw new AppError(ErrorKind.Conflict, DmtMessages.ekycNotStarted);
      outcome = await this.ask(() => this.provider.completeOtpEkyc(mobile, started, step.otp!));
    } else {
      outcome = await this.ask(() => this.provider.biometricEkyc(mobile, step.pidData));
    }
    if (outcome.status === 'refused') {
      await this.audit.recordAlone(
        remitterAuditEntry('dmt.remitter-ekyc', 'failure', user, remitter, context, {
          method: step.method,
          refused: outcome.reason,
        }),
      );
      throw new AppError(ErrorKind.Refused, DmtMessages.ekycRefused(outcome.reason));
    }
    // A double click: the second finds it done already, and says so.
    if (
      !(await this.remitters.markEkycDone(
        this.db,
        remitter.id,
        outcome.reference,
        this.clock.now(),
      ))
    ) {
      throw new AppError(ErrorKind.Conflict, DmtMessages.ekycAlreadyDone);
    }
    // The provider's reference only: the Aadhaar OTP and the PID block are never kept.
    await this.audit.recordAlone(
      remitterAuditEntry('dmt.remitter-ekyc', 'success', user, remitter, context, {
        method: step.method,
      }),
    );
    return { remitterId: remitter.id, otpSent: false };
  }

  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof RemitterProviderUnavailableError) {
        throw new AppError(ErrorKind.Unavailable, DmtMessages.ekycUnavailable);
      }
      throw error;
    }
  }
}
