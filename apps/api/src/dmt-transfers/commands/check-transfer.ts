import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DmtTransferMessages, isUuid } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { DmtRailTransfer } from '../dmt-transfer.js';
import { DmtTransferProcessor } from '../dmt-transfer-processor.js';

/**
 * `POST /api/dmt/transfer/check` (admin): ask the provider now (a status enquiry, or the first
 * send of a transfer no worker started), and a success about a late return.
 */
export class CheckDmtTransferCommand extends Command<DmtRailTransfer> {
  constructor(
    readonly admin: AuthUser,
    readonly transferId: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CheckDmtTransferCommand)
export class CheckDmtTransferHandler implements ICommandHandler<CheckDmtTransferCommand> {
  constructor(private readonly processor: DmtTransferProcessor) {}

  async execute({ admin, transferId, context }: CheckDmtTransferCommand) {
    if (!isUuid(transferId)) {
      throw new AppError(ErrorKind.Invalid, DmtTransferMessages.transferIdInvalid);
    }
    const transfer = await this.processor.advance(
      transferId,
      { by: 'admin', adminId: admin.userId, requestId: context.requestId },
      { checkReturn: true },
    );
    if (!transfer) throw new AppError(ErrorKind.NotFound, DmtTransferMessages.transferNotFound);
    return transfer;
  }
}
