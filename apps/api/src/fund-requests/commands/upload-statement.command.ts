import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

export interface StatementUploaded {
  statementId: string;
  added: number;
  repeated: boolean;
}

/** An admin uploads a company bank account's statement (CSV). */
export class UploadStatementCommand extends Command<StatementUploaded> {
  constructor(
    readonly admin: AuthUser,
    readonly bankAccountId: unknown,
    readonly csv: Buffer | undefined,
    readonly fileName: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}
