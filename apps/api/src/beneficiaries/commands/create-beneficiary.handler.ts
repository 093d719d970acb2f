import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { assertMayPayOut } from '../beneficiary-access.js';
import { ACCOUNT_CHECK_VALID_MS, AccountChecksRepository } from '../account-checks.repository.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { BeneficiariesRepository, refuseDuplicate } from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { type IssuedOtp, OtpIssuer } from '../otp/otp-issuer.js';
import { type BeneficiaryCreated, CreateBeneficiaryCommand } from './create-beneficiary.command.js';

@CommandHandler(CreateBeneficiaryCommand)
export class CreateBeneficiaryHandler implements ICommandHandler<CreateBeneficiaryCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly checks: AccountChecksRepository,
    private readonly otps: OtpIssuer,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateBeneficiaryCommand): Promise<BeneficiaryCreated> {
    const { owner, form, type, remitterMobile, beneficiaryMobile, context } = command;
    assertMayPayOut(owner);
    const dmtMobile = type === 'dmt' ? remitterMobile : null;
    if (type === 'dmt' && !dmtMobile) throw new Error('a dmt beneficiary needs a remitter mobile');
    if (dmtMobile) await this.otps.reserveSend(dmtMobile);
    const now = this.clock.now();

    let otp: IssuedOtp | undefined;
    const beneficiary = await this.uow
      .run(async (tx) => {
        await this.beneficiaries.lockOwner(tx, owner.userId);
        const account = {
          ownerId: owner.userId,
          accountNumber: form.accountNumber,
          ifsc: form.ifscCode,
        };
        // Verified only on a penny drop of our own; the status the client sent is not evidence.
        const payeeName = await this.checks.verifiedPayee(
          tx,
          account,
          new Date(now.getTime() - ACCOUNT_CHECK_VALID_MS),
        );
        const details = {
          type,
          name: form.name,
          bankName: form.bankName,
          beneficiaryMobile,
          remitterMobile: dmtMobile,
          status: payeeName ? ('verified' as const) : ('pending' as const),
          payeeName: payeeName ?? null,
          activationStatus: null,
          // eslint-disable-next-line no-restricted-syntax -- a beneficiary type, not a payout kind
          registeredAt: type === 'payout' ? now : null,
        };
        const existing = await this.beneficiaries.findDuplicate(tx, {
          ...account,
          kind: 'bank',
        });
        if (existing && existing.registeredAt !== null) {
          throw new AppError(ErrorKind.Conflict, BeneficiaryMessages.duplicate);
        }
        // One still waiting for its OTP is replaced: submitting again is how an OTP is resent.
        const saved = existing
          ? await this.beneficiaries.replaceUnregistered(tx, existing.id, details)
          : await this.beneficiaries.insert(tx, {
              ...details,
              ...account,
              kind: 'bank',
              createdAt: now,
            });
        if (dmtMobile) {
          otp = await this.otps.issue(tx, saved.id, dmtMobile, now);
          await this.beneficiaries.setReferenceKey(tx, saved.id, otp.referenceKey);
        }
        await this.audit.record(tx, {
          action: 'beneficiary.create',
          outcome: 'success',
          actorId: owner.userId,
          sessionId: owner.sessionId,
          context,
          details: { ...describeForAudit(saved), type, replaced: Boolean(existing) },
        });
        return saved;
      })
      .catch(refuseDuplicate)
      .catch(async (error: unknown) => {
        // Nothing was issued: the send reserved above is not spent.
        if (dmtMobile) await this.otps.releaseSend(dmtMobile);
        throw error;
      });

    if (otp) await this.otps.send(otp, beneficiary);
    return { beneficiary, referenceKey: otp?.referenceKey ?? null };
  }
}
