import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountVerifier } from '../account-verifier.js';
import { assertMayPayOut } from '../beneficiary-access.js';
import { VerifyBankAccountCommand } from './verify-bank-account.command.js';

/** `/user/verifyBankAccount`: part of paying out, so it asks for the payout service. */
@CommandHandler(VerifyBankAccountCommand)
export class VerifyBankAccountHandler implements ICommandHandler<VerifyBankAccountCommand> {
  constructor(private readonly verifier: AccountVerifier) {}

  execute({ owner, account, context }: VerifyBankAccountCommand) {
    assertMayPayOut(owner);
    return this.verifier.verify(owner, account, context);
  }
}
