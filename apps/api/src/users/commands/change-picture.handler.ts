import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { PICTURE_MAX_BYTES, pictureFormatOf } from '../pictures/picture-format.js';
import { PictureStore } from '../pictures/picture-store.js';
import { UsersRepository } from '../users.repository.js';
import { ChangePictureCommand, type ChangedPicture } from './change-picture.command.js';
import { ChangePictureMessages, PictureUploadMessages } from '../pictures/picture-messages.js';

@CommandHandler(ChangePictureCommand)
export class ChangePictureHandler implements ICommandHandler<ChangePictureCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly store: PictureStore,
    private readonly audit: AuditLog,
  ) {}

  async execute({
    userId,
    sessionId,
    bytes,
    context,
  }: ChangePictureCommand): Promise<ChangedPicture> {
    if (!bytes?.length) throw new AppError(ErrorKind.Invalid, ChangePictureMessages.missing);
    if (bytes.length > PICTURE_MAX_BYTES) {
      throw new AppError(ErrorKind.Invalid, PictureUploadMessages.tooLarge);
    }
    const format = pictureFormatOf(bytes);
    if (!format) throw new AppError(ErrorKind.Invalid, ChangePictureMessages.notAnImage);

    const picture = await this.store.save(bytes, format);
    let previous: string | null;
    try {
      previous = await this.uow.run(async (tx) => {
        const replaced = await this.users.replacePicture(tx, userId, picture);
        await this.audit.record(tx, {
          action: 'user.picture',
          outcome: 'success',
          actorId: userId,
          subjectId: userId,
          sessionId,
          context,
          details: { picture, previous: replaced, bytes: bytes.length, type: format.contentType },
        });
        return replaced;
      });
    } catch (error) {
      // Nothing points at the new file: do not keep it.
      await this.store.remove(picture);
      throw error;
    }
    if (previous) await this.store.remove(previous);
    return { userProfile: `/userProfile/${picture}` };
  }
}
