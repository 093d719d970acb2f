import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Messages } from '@khata/domain';
import { type Tx, UnitOfWork } from '../../database/unit-of-work.js';
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
    private readonly uow: UnitOfWork,
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
    const outcome = await this.uow.run((tx) => this.decide(tx, command));
    if (outcome.kind === 'registered') return outcome.beneficiary;
    const [kind, message] = REFUSALS[outcome.kind];
    throw new AppError(kind, message);
  }

  private async decide(tx: Tx, command: VerifyBeneficiaryOtpCommand) {
    const { owner, beneficiaryId, referenceKey, otp, remitterMobile, context } = command;
    const now = this.clock.now();
    const beneficiary = await this.beneficiaries.findOwned(tx, owner.userId, beneficiaryId, true);
    if (!beneficiary || beneficiary.kind !== 'bank' || beneficiary.type !== 'dmt') {
      return { kind: 'not-found' } as const;
    }
    if (beneficiary.registeredAt !== null) return { kind: 'already-registered' } as const;

    const stored = await this.otps.lock(tx, referenceKey, beneficiary.id);
    const record = (outcome: Outcome['kind']) =>
      this.audit.record(tx, {
        action: 'beneficiary.register',
        outcome: outcome === 'registered' ? 'success' : 'failure',
        actorId: owner.userId,
        sessionId: owner.sessionId,
        context,
        details: { ...describeForAudit(beneficiary), result: outcome },
      });
    let outcome: Outcome['kind'];
    if (!stored || stored.usedAt !== null) outcome = 'wrong';
    else if (stored.attempts >= OtpRules.maxAttempts) outcome = 'attempts';
    else if (stored.expiresAt.getTime() <= now.getTime()) outcome = 'expired';
    else if (
      stored.mobile !== remitterMobile ||
      !this.codes.matches(referenceKey, otp, stored.otpHash)
    ) {
      await this.otps.countAttempt(tx, referenceKey);
      outcome = 'wrong';
    } else {
      await this.otps.markUsed(tx, referenceKey, now);
      await this.beneficiaries.markRegistered(tx, beneficiary.id, now);
      await record('registered');
      return { kind: 'registered', beneficiary: { ...beneficiary, registeredAt: now } } as const;
    }
    await record(outcome);
    return { kind: outcome } as Outcome;
  }
}
