import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { KycMessages, maskPan, Messages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { KycRepository } from '../kyc.repository.js';
import { AddPanCommand } from './add-pan.command.js';

/**
 * Puts a PAN on file for a user that has none (issue 23): users approved before KYC existed
 * had no way to give one, and paid TDS at the no-PAN rate. Once, under the user row's lock:
 * a PAN on file changes only through a KYC an admin approves. Audited; the KYC state is not
 * touched (a PAN is not a checked KYC). The PAN is sealed; the audit line has it masked.
 */
@CommandHandler(AddPanCommand)
export class AddPanHandler implements ICommandHandler<AddPanCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly kyc: KycRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute({ user, pan, context }: AddPanCommand): Promise<void> {
    await this.uow.run(async (tx) => {
      const onFile = await this.kyc.lockPanOnFile(tx, user.userId);
      if (onFile === undefined) throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
      if (onFile) throw new AppError(ErrorKind.Conflict, KycMessages.panAlreadyOnFile);
      await this.kyc.setPan(tx, user.userId, pan);
      await this.audit.record(tx, {
        action: 'kyc.pan-added',
        outcome: 'success',
        actorId: user.userId,
        subjectId: user.userId,
        sessionId: user.sessionId,
        context,
        details: { pan: maskPan(pan) },
      });
    });
  }
}
