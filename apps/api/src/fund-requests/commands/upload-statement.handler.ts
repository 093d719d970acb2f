import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BANK_STATEMENT_MAX_BYTES, FundRequestMessages, isUuid } from '@khata/domain';
import { createHash, randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { UnitOfWork } from '../../database/unit-of-work.js';
import { parseStatement } from '../bank-statement.js';
import { FundRequestsRepository } from '../fund-requests.repository.js';
import { UploadStatementCommand, type StatementUploaded } from './upload-statement.command.js';

@CommandHandler(UploadStatementCommand)
export class UploadStatementHandler implements ICommandHandler<UploadStatementCommand> {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly requests: FundRequestsRepository,
    private readonly audit: AuditLog,
  ) {}

  async execute(command: UploadStatementCommand): Promise<StatementUploaded> {
    const { admin, bankAccountId, csv, context } = command;
    if (typeof bankAccountId !== 'string' || !bankAccountId) {
      throw new AppError(ErrorKind.Invalid, FundRequestMessages.bankRequired);
    }
    if (!csv?.length) throw new AppError(ErrorKind.Invalid, FundRequestMessages.statementRequired);
    if (csv.length > BANK_STATEMENT_MAX_BYTES) {
      throw new AppError(ErrorKind.Invalid, FundRequestMessages.statementTooLarge);
    }
    const lines = parseStatement(csv);
    if (!lines.ok) throw new AppError(ErrorKind.Invalid, lines.message);
    const digest = createHash('sha256').update(csv).digest('hex');
    return this.uow.run(async (tx) => {
      const bank = isUuid(bankAccountId)
        ? await this.requests.bankAccount(tx, bankAccountId)
        : undefined;
      if (!bank) throw new AppError(ErrorKind.NotFound, FundRequestMessages.bankNotFound);
      // Two uploads of the same file at once: the unique (account, digest) makes one of them
      // the first; the other adds nothing.
      const statementId = await this.requests.insertStatement(tx, {
        id: randomUUID(),
        bankAccountId: bank.id,
        digest,
        fileName: command.fileName,
        lineCount: lines.value.length,
        by: admin.userId,
      });
      if (!statementId) {
        const existing = await this.requests.statementIdOf(tx, bank.id, digest);
        return { statementId: existing!, added: 0, repeated: true };
      }
      const added = await this.requests.insertLines(tx, statementId, bank.id, lines.value);
      await this.audit.record(tx, {
        action: 'bank-statement.upload',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { statementId, bankAccountId: bank.id, digest, lines: lines.value.length, added },
      });
      return { statementId, added, repeated: false };
    });
  }
}
