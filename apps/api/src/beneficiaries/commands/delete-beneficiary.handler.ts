import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { BeneficiariesRepository } from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { DeleteBeneficiaryCommand } from './delete-beneficiary.command.js';

@CommandHandler(DeleteBeneficiaryCommand)
export class DeleteBeneficiaryHandler implements ICommandHandler<DeleteBeneficiaryCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, beneficiaryId, context }: DeleteBeneficiaryCommand): Promise<void> {
    await this.uow.run(async (tx) => {
      // Someone else's id, an unknown one and a deleted one answer alike: existence stays secret.
      const beneficiary = await this.beneficiaries.findOwned(tx, owner.userId, beneficiaryId, true);
      if (!beneficiary) throw new AppError(ErrorKind.NotFound, BeneficiaryMessages.notFound);
      await this.beneficiaries.softDelete(tx, owner.userId, beneficiary.id, this.clock.now());
      await this.audit.record(tx, {
        action: 'beneficiary.delete',
        outcome: 'success',
        actorId: owner.userId,
        sessionId: owner.sessionId,
        context,
        details: describeForAudit(beneficiary),
      });
    });
  }
}
