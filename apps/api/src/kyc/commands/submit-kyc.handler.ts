import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { KYC_PHOTO_MAX_BYTES, KycMessages, type KycStatus } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { pictureFormatOf } from '../../common/image-format.js';
import { describeForAudit, toKycStatus } from '../kyc-record.js';
import { KycUpdatedEvent } from '../kyc-updated.event.js';
import { KycRepository } from '../kyc.repository.js';
import { SubmitKycCommand } from './submit-kyc.command.js';

@CommandHandler(SubmitKycCommand)
export class SubmitKycHandler implements ICommandHandler<SubmitKycCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly kyc: KycRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async execute({ user, pan, aadhaarLast4, photo, context }: SubmitKycCommand): Promise<KycStatus> {
    if (!photo?.length) throw new AppError(ErrorKind.Invalid, KycMessages.photoRequired);
    if (photo.length > KYC_PHOTO_MAX_BYTES) {
      throw new AppError(ErrorKind.Invalid, KycMessages.photoTooLarge);
    }
    // By its bytes: a text file named shop.jpg and sent as image/jpeg is still a text file.
    const format = pictureFormatOf(photo);
    if (!format) throw new AppError(ErrorKind.Invalid, KycMessages.photoNotAnImage);

    const { submission, facts } = await this.uow.run(async (tx) => {
      const state = await this.kyc.lockUserState(tx, user.userId);
      if (state === 'submitted')
        throw new AppError(ErrorKind.Conflict, KycMessages.alreadySubmitted);
      if (state === 'approved') throw new AppError(ErrorKind.Conflict, KycMessages.alreadyApproved);
      const saved = await this.kyc.insert(tx, {
        id: randomUUID(),
        userId: user.userId,
        pan,
        aadhaarLast4,
        photo,
        photoType: format.contentType,
        submittedAt: this.clock.now(),
      });
      await this.kyc.setUserState(tx, user.userId, 'submitted');
      await this.audit.record(tx, {
        action: 'kyc.submit',
        outcome: 'success',
        actorId: user.userId,
        subjectId: user.userId,
        sessionId: user.sessionId,
        context,
        details: { ...describeForAudit(saved), previousState: state ?? 'none' },
      });
      return { submission: saved, facts: (await this.kyc.factsOf(tx, user.userId))! };
    });
    this.events.publish(new KycUpdatedEvent(user.userId, 'submitted', null));
    return toKycStatus(facts, submission);
  }
}
