import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Messages } from '@khata/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { assertMayPayOut } from '../beneficiary-access.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { type Beneficiary, BeneficiariesRepository } from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { OtpCodes, OtpRules } from '../otp/otp-codes.js';
import { OtpsRepository } from '../otp/otps.repository.js';
import { VerifyBeneficiaryOtpCommand } from './verify-beneficiary-otp.command.js';

type Outcome =
  | { kind: 'registered'; beneficiary: Beneficiary }
  | { kind: 'not-found' | 'already-registered' | 'wrong' | 'expired' | 'attempts' };

const REFUSALS: Record<Exclude<Outcome['kind'], 'registered'>, [ErrorKind, string]> = {
  'not-found': [ErrorKind.NotFound, BeneficiaryMessages.notFound],
  'already-registered': [ErrorKind.Conflict, BeneficiaryMessages.alreadyRegistered],
  wrong: [ErrorKind.Refused, Messages.otpFailed],
  expired: [ErrorKind.Refused, BeneficiaryMessages.otpExpired],
  attempts: [ErrorKind.TooManyTries, BeneficiaryMessages.otpAttempts],
};

@CommandHandler(VerifyBeneficiaryOtpCommand)
export class VerifyBeneficiaryOtpHandler implements ICommandHandler<VerifyBeneficiaryOtpCommand> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly otps: OtpsRepository,
    private readonly codes: OtpCodes,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(command: VerifyBeneficiaryOtpCommand): Promise<Beneficiary> {
    assertMayPayOut(command.owner);
    // The transaction answers an outcome instead of throwing, so a wrong try is counted
    // (committed) before the refusal goes out.
    const outcome = await this.dataSource.transaction((manager) => this.decide(manager, command));
    if (outcome.kind === 'registered') return outcome.beneficiary;
    const [kind, message] = REFUSALS[outcome.kind];
    throw new AppError(kind, message);
  }

  private async decide(manager: EntityManager, command: VerifyBeneficiaryOtpCommand) {
    const { owner, beneficiaryId, referenceKey, otp, remitterMobile, context } = command;
    const now = this.clock.now();
    const beneficiary = await this.beneficiaries.findOwned(
      owner.userId,
      beneficiaryId,
      manager,
      true,
    );
    if (!beneficiary || beneficiary.kind !== 'bank' || beneficiary.type !== 'dmt') {
      return { kind: 'not-found' } as const;
    }
    if (beneficiary.registeredAt !== null) return { kind: 'already-registered' } as const;

    const stored = await this.otps.lock(manager, referenceKey, beneficiary.id);
    const record = (outcome: Outcome['kind']) =>
      this.audit.record(
        {
          action: 'beneficiary.register',
          outcome: outcome === 'registered' ? 'success' : 'failure',
          actorId: owner.userId,
          sessionId: owner.sessionId,
          context,
          details: { ...describeForAudit(beneficiary), result: outcome },
        },
        manager,
      );
    let outcome: Outcome['kind'];
    if (!stored || stored.usedAt !== null) outcome = 'wrong';
    else if (stored.attempts >= OtpRules.maxAttempts) outcome = 'attempts';
    else if (stored.expiresAt.getTime() <= now.getTime()) outcome = 'expired';
    else if (
      stored.mobile !== remitterMobile ||
      !this.codes.matches(referenceKey, otp, stored.otpHash)
    ) {
      await this.otps.countAttempt(manager, referenceKey);
      outcome = 'wrong';
    } else {
      await this.otps.markUsed(manager, referenceKey, now);
      await this.beneficiaries.markRegistered(manager, beneficiary.id, now);
      await record('registered');
      return { kind: 'registered', beneficiary: { ...beneficiary, registeredAt: now } } as const;
    }
    await record(outcome);
    return { kind: outcome } as Outcome;
  }
}
