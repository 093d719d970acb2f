import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { canAddAepsAccount } from '@khata/domain';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { KycGate } from '../../kyc/kyc-gate.js';
import { ACCOUNT_CHECK_VALID_MS, AccountChecksRepository } from '../account-checks.repository.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import {
  type Beneficiary,
  BeneficiariesRepository,
  refuseDuplicate,
} from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { CreateAepsBeneficiaryCommand } from './create-aeps-beneficiary.command.js';

@CommandHandler(CreateAepsBeneficiaryCommand)
export class CreateAepsBeneficiaryHandler implements ICommandHandler<CreateAepsBeneficiaryCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly checks: AccountChecksRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly kycGate: KycGate,
  ) {}

  async execute({ owner, form, context }: CreateAepsBeneficiaryCommand): Promise<Beneficiary> {
    // AEPS stays off until the owner's KYC is approved (issue 12).
    await this.kycGate.assertMayPayOut(owner);
    const now = this.clock.now();
    return this.uow
      .run(async (tx) => {
        // The owner's row lock makes "count, then insert" one step: two requests racing for
        // the last place cannot both take it.
        await this.beneficiaries.lockOwner(tx, owner.userId);
        const account = {
          ownerId: owner.userId,
          accountNumber: form.accountNumber,
          ifsc: form.ifscCode,
        };
        if (await this.beneficiaries.findDuplicate(tx, { ...account, kind: 'aeps' })) {
          throw new AppError(ErrorKind.Conflict, BeneficiaryMessages.duplicate);
        }
        const live = await this.beneficiaries.countLiveAeps(tx, owner.userId);
        if (!canAddAepsAccount(live)) {
          throw new AppError(ErrorKind.Refused, BeneficiaryMessages.aepsLimit);
        }
        const payeeName = await this.checks.verifiedPayee(
          tx,
          account,
          new Date(now.getTime() - ACCOUNT_CHECK_VALID_MS),
        );
        const saved = await this.beneficiaries.insert(tx, {
          ...account,
          kind: 'aeps',
          type: null,
          name: form.name,
          bankName: form.bankName,
          beneficiaryMobile: null,
          remitterMobile: null,
          status: payeeName ? 'verified' : 'pending',
          payeeName: payeeName ?? null,
          activationStatus: 'pending',
          registeredAt: now,
          createdAt: now,
        });
        await this.audit.record(tx, {
          action: 'beneficiary.create',
          outcome: 'success',
          actorId: owner.userId,
          sessionId: owner.sessionId,
          context,
          details: { ...describeForAudit(saved), activationStatus: 'pending' },
        });
        return saved;
      })
      .catch(refuseDuplicate);
  }
}
