import { Command } from '@nestjs/cqrs';
import type { CompanyBankAccount } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { CompanyBankAccountRow } from '../fund-requests.repository.js';

/** An admin adds a company bank account, or changes one (a closed one is made inactive). */
export class SaveCompanyBankAccountCommand extends Command<CompanyBankAccount> {
  constructor(
    readonly admin: AuthUser,
    readonly account: Omit<CompanyBankAccountRow, 'id'> & { id: string | undefined },
    readonly context: RequestContext,
  ) {
    super();
  }
}
