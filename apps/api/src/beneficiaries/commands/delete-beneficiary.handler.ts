import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({ owner, beneficiaryId, context }: DeleteBeneficiaryCommand): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Someone else's id, an unknown one and a deleted one answer alike: existence stays secret.
      const beneficiary = await this.beneficiaries.findOwned(
        owner.userId,
        beneficiaryId,
        manager,
        true,
      );
      if (!beneficiary) throw new AppError(ErrorKind.NotFound, BeneficiaryMessages.notFound);
      await this.beneficiaries.softDelete(manager, owner.userId, beneficiary.id, this.clock.now());
      await this.audit.record(
        {
          action: 'beneficiary.delete',
          outcome: 'success',
          actorId: owner.userId,
          sessionId: owner.sessionId,
          context,
          details: describeForAudit(beneficiary),
        },
        manager,
      );
    });
  }
}
