import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  FundRequestMessages,
  isUuid,
  paiseToRupees,
  type CompanyBankAccount,
  type FundRequestRecord,
  type BankStatementLine,
  type StatementMatches,
} from '@khata/domain';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { decidesFundRequest } from '@khata/domain';
import { toCompanyBankAccount } from '../commands/save-company-bank-account.handler.js';
import { toFundRequestRecord } from '../fund-request-record.js';
import {
  FundRequestsRepository,
  type FundRequestRow,
  type StatementLineRow,
} from '../fund-requests.repository.js';
import { matchStatement } from '../statement-match.js';
import {
  GetFundProofQuery,
  GetStatementMatchesQuery,
  ListCompanyBankAccountsQuery,
  ListFundRequestsQuery,
} from './fund-queries.js';

@QueryHandler(ListFundRequestsQuery)
export class ListFundRequestsHandler implements IQueryHandler<ListFundRequestsQuery> {
  constructor(
    private readonly requests: FundRequestsRepository,
    private readonly scopes: NetworkScopes,
  ) {}

  async execute({ viewer, scope, state, page, pageSize }: ListFundRequestsQuery) {
    const params: unknown[] = [viewer.userId];
    const where =
      scope === 'mine'
        ? ['r.user_id = $1']
        : // The network's requests, not the viewer's own (those an admin decides).
          ['r.user_id <> $1', this.scopes.visibleFilter(viewer, 'u', params)];
    const { rows, total } = await this.requests.list({
      where,
      params,
      state,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return {
      rows: rows.map((row) =>
        toFundRequestRecord(row, row.state === 'pending' && decidesFundRequest(viewer, row)),
      ),
      total,
    };
  }
}

@QueryHandler(GetFundProofQuery)
export class GetFundProofHandler implements IQueryHandler<GetFundProofQuery> {
  constructor(
    private readonly requests: FundRequestsRepository,
    private readonly scopes: NetworkScopes,
    private readonly db: Db,
  ) {}

  async execute({ viewer, requestId }: GetFundProofQuery) {
    const proof = isUuid(requestId) ? await this.requests.proof(requestId) : undefined;
    // Someone outside the viewer's network gets the same answer as no request at all.
    if (!proof || !(await this.scopes.canSee(this.db, viewer, proof.userId))) {
      throw new AppError(ErrorKind.NotFound, FundRequestMessages.notFound);
    }
    return { bytes: proof.bytes, contentType: proof.type };
  }
}

@QueryHandler(ListCompanyBankAccountsQuery)
export class ListCompanyBankAccountsHandler implements IQueryHandler<ListCompanyBankAccountsQuery> {
  constructor(private readonly requests: FundRequestsRepository) {}

  async execute({ onlyActive }: ListCompanyBankAccountsQuery): Promise<CompanyBankAccount[]> {
    return (await this.requests.bankAccounts(onlyActive)).map(toCompanyBankAccount);
  }
}

const toLine = (row: StatementLineRow): BankStatementLine => ({
  _id: row.id,
  lineNo: row.lineNo,
  date: row.date,
  utr: row.utr,
  amount: paiseToRupees(Number(row.amount)),
  description: row.description,
  fundRequestId: row.fundRequestId,
});

@QueryHandler(GetStatementMatchesQuery)
export class GetStatementMatchesHandler implements IQueryHandler<GetStatementMatchesQuery> {
  constructor(
    private readonly requests: FundRequestsRepository,
    private readonly db: Db,
  ) {}

  async execute({ bankAccountId }: GetStatementMatchesQuery): Promise<StatementMatches> {
    const bank =
      typeof bankAccountId === 'string' && isUuid(bankAccountId)
        ? await this.requests.bankAccount(this.db, bankAccountId)
        : undefined;
    if (!bank) throw new AppError(ErrorKind.NotFound, FundRequestMessages.bankNotFound);
    const [requests, lines] = await Promise.all([
      this.requests.ofBank(bank.id, ['pending', 'approved']),
      this.requests.lines(bank.id),
    ]);
    // Only what an admin decides is proposed; a distributor's pending request is its own to decide.
    const mine = requests.filter((row) => row.state === 'approved' || row.approverId === null);
    const match = matchStatement(
      mine.map((row) => ({ ...row, amount: Number(row.amount), row })),
      lines.map((line) => ({ ...line, amount: Number(line.amount), line })),
    );
    const record = (row: FundRequestRow, canDecide?: boolean): FundRequestRecord =>
      toFundRequestRecord(row, canDecide);
    const sum = (values: number[]) => paiseToRupees(values.reduce((a, b) => a + b, 0));
    return {
      bankAccountId: bank.id,
      proposals: match.proposals.map(({ request, line }) => ({
        request: record(request.row, true),
        line: toLine(line.line),
      })),
      unsupported: match.unsupported.map(({ request, why }) => ({
        request: record(request.row, true),
        why,
      })),
      unclaimed: match.unclaimed.map((line) => toLine(line.line)),
      reconciled: match.reconciled.map(({ request, line }) => ({
        request: record(request.row, false),
        line: toLine(line.line),
      })),
      totals: {
        lines: sum(lines.map((line) => Number(line.amount))),
        reconciled: sum(match.reconciled.map(({ line }) => line.amount)),
        proposed: sum(match.proposals.map(({ line }) => line.amount)),
        unclaimed: sum(match.unclaimed.map((line) => line.amount)),
      },
    };
  }
}
