import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { BeneficiaryMessages } from '../beneficiary-messages.js';
import { type Beneficiary, BeneficiariesRepository } from '../beneficiaries.repository.js';
import { describeForAudit } from '../beneficiary-record.js';
import { DecideAepsBeneficiaryCommand } from './decide-aeps-beneficiary.command.js';

@CommandHandler(DecideAepsBeneficiaryCommand)
export class DecideAepsBeneficiaryHandler implements ICommandHandler<DecideAepsBeneficiaryCommand> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly beneficiaries: BeneficiariesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute(command: DecideAepsBeneficiaryCommand): Promise<Beneficiary> {
    const { admin, beneficiaryId, decision, remark, context } = command;
    return this.dataSource.transaction(async (manager) => {
      const account = await this.beneficiaries.lockAeps(manager, beneficiaryId);
      if (!account) throw new AppError(ErrorKind.NotFound, BeneficiaryMessages.notFound);
      if (account.activationStatus !== 'pending') {
        throw new AppError(
          ErrorKind.Conflict,
          BeneficiaryMessages.alreadyDecided(account.activationStatus ?? 'decided'),
        );
      }
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const decided = await this.beneficiaries.decideActivation(manager, account.id, {
        status,
        remark,
        by: admin.userId,
        at: this.clock.now(),
      });
      await this.audit.record(
        {
          action: 'beneficiary.aeps-decision',
          outcome: 'success',
          actorId: admin.userId,
          subjectId: account.ownerId,
          sessionId: admin.sessionId,
          context,
          details: { ...describeForAudit(account), activationStatus: status, remark },
        },
        manager,
      );
      return decided;
    });
  }
}
