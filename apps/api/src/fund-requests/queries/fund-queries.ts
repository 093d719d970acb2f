import { Query } from '@nestjs/cqrs';
import type {
  CompanyBankAccount,
  FundRequestRecord,
  FundRequestState,
  StatementMatches,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';

/** The viewer's own requests (`mine`) or the requests of its network it reviews (`queue`). */
export class ListFundRequestsQuery extends Query<{ rows: FundRequestRecord[]; total: number }> {
  constructor(
    readonly viewer: AuthUser,
    readonly scope: 'mine' | 'queue',
    readonly state: FundRequestState | undefined,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

/** The proof of one request, for its requester and whoever sees the requester. */
export class GetFundProofQuery extends Query<{ bytes: Buffer; contentType: string }> {
  constructor(
    readonly viewer: AuthUser,
    readonly requestId: string,
  ) {
    super();
  }
}

export class ListCompanyBankAccountsQuery extends Query<CompanyBankAccount[]> {
  constructor(readonly onlyActive: boolean) {
    super();
  }
}

/** The bank statement lines of one company account against its requests. */
export class GetStatementMatchesQuery extends Query<StatementMatches> {
  constructor(readonly bankAccountId: unknown) {
    super();
  }
}
