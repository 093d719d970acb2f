import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DmtMessages } from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { type BeneficiaryChange, BeneficiaryConfirmations } from '../beneficiary-confirmations.js';
import { ConfirmDmtBeneficiaryCommand } from './confirm-dmt-beneficiary.command.js';

const notPending = () => new AppError(ErrorKind.Conflict, DmtMessages.beneficiaryNotPending);

/** Adding: a beneficiary waiting for the remitter's OTP becomes active, once. */
const ACTIVATE: BeneficiaryChange = {
  purpose: 'addBeneficiary',
  action: 'dmt.beneficiary-add',
  refuse: (beneficiary) => (beneficiary.state === 'otpPending' ? undefined : notPending()),
  apply: (remitters, tx, id, at) => remitters.activateBeneficiary(tx, id, at),
  lost: notPending,
};

/** The OTP bound to this beneficiary (a try taken first), then used and the state moved, once. */
@CommandHandler(ConfirmDmtBeneficiaryCommand)
export class ConfirmDmtBeneficiaryHandler implements ICommandHandler<ConfirmDmtBeneficiaryCommand> {
  constructor(private readonly confirmations: BeneficiaryConfirmations) {}

  execute(command: ConfirmDmtBeneficiaryCommand) {
    return this.confirmations.confirm(ACTIVATE, command);
  }
}
