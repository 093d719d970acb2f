import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DmtMessages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type BeneficiaryChange, BeneficiaryConfirmations } from '../beneficiary-confirmations.js';
import { ConfirmDmtBeneficiaryDeleteCommand } from './confirm-dmt-beneficiary-delete.command.js';

/** Deleting: the beneficiary is deleted, once; deleted already, it is not found. */
const DELETE: BeneficiaryChange = {
  purpose: 'deleteBeneficiary',
  action: 'dmt.beneficiary-delete',
  apply: (remitters, tx, id, at) => remitters.deleteBeneficiary(tx, id, at),
  lost: () => new AppError(ErrorKind.NotFound, DmtMessages.beneficiaryNotFound),
};

/** The OTP bound to deleting this beneficiary (a try taken first), then used and the row deleted, once. */
@CommandHandler(ConfirmDmtBeneficiaryDeleteCommand)
export class ConfirmDmtBeneficiaryDeleteHandler implements ICommandHandler<ConfirmDmtBeneficiaryDeleteCommand> {
  constructor(private readonly confirmations: BeneficiaryConfirmations) {}

  execute(command: ConfirmDmtBeneficiaryDeleteCommand) {
    return this.confirmations.confirm(DELETE, command);
  }
}
