import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CallbackHandlingMessages } from '@khata/domain';
import { AuditLog } from '../../audit/audit.repository.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import {
  CallbackRequestsRepository,
  type CallbackRequest,
} from '../callback-requests.repository.js';
import { HandleCallbackCommand } from './handle-callback.command.js';

@CommandHandler(HandleCallbackCommand)
export class HandleCallbackHandler implements ICommandHandler<HandleCallbackCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: CallbackRequestsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async execute({ admin, id, note, context }: HandleCallbackCommand): Promise<CallbackRequest> {
    return this.uow.run(async (tx) => {
      const marked = await this.requests.markHandled(tx, id, admin.userId, note, this.clock.now());
      const request = await this.requests.find(tx, id);
      if (!request) throw new AppError(ErrorKind.NotFound, CallbackHandlingMessages.notFound);
      if (!marked) {
        throw new AppError(
          ErrorKind.Conflict,
          CallbackHandlingMessages.alreadyHandled(request.handledByName),
        );
      }
      await this.audit.record(tx, {
        action: 'callback-request.handle',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { callbackRequestId: id, name: request.name, mobile: request.mobile, note },
      });
      return request;
    });
  }
}
