import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FundRequestMessages, maskAccountNumber, type CompanyBankAccount } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { FundRequestsRepository, type CompanyBankAccountRow } from '../fund-requests.repository.js';
import { SaveCompanyBankAccountCommand } from './save-company-bank-account.command.js';
import { CompanyBankAccountMessages } from '../company-bank-account-messages.js';

const UNIQUE_VIOLATION = '23505';

export const toCompanyBankAccount = (row: CompanyBankAccountRow): CompanyBankAccount => ({
  _id: row.id,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNumber: row.accountNumber,
  ifsc: row.ifsc,
  active: row.active,
});

@CommandHandler(SaveCompanyBankAccountCommand)
export class SaveCompanyBankAccountHandler implements ICommandHandler<SaveCompanyBankAccountCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: FundRequestsRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute({
    admin,
    account,
    context,
  }: SaveCompanyBankAccountCommand): Promise<CompanyBankAccount> {
    const saved = await this.uow
      .run(async (tx) => {
        if (account.id && !(await this.requests.bankAccount(tx, account.id))) {
          throw new AppError(ErrorKind.NotFound, FundRequestMessages.bankNotFound);
        }
        const row = await this.requests.saveBankAccount(
          tx,
          { ...account, id: account.id ?? randomUUID() },
          admin.userId,
        );
        await this.audit.record(tx, {
          action: 'company-bank-account.save',
          outcome: 'success',
          actorId: admin.userId,
          sessionId: admin.sessionId,
          context,
          // The number masked, as every audit line has it (issue 31).
          details: {
            ...row!,
            accountNumber: maskAccountNumber(row!.accountNumber),
            created: !account.id,
          },
        });
        return row!;
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
          throw new AppError(ErrorKind.Conflict, CompanyBankAccountMessages.duplicate);
        }
        throw error;
      });
    return toCompanyBankAccount(saved);
  }
}
