import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ApprovalRecord } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { Db } from '../../database/unit-of-work.js';
import { toApprovalRecord } from '../../approvals/approval-record.js';
import { ApprovalsRepository } from '../../approvals/approvals.repository.js';

/** The Approvals queue: open requests oldest first, or the latest decided ones. */
export class ListApprovalsQuery extends Query<ApprovalRecord[]> {
  constructor(
    readonly admin: AuthUser,
    readonly which: 'open' | 'decided',
  ) {
    super();
  }
}

@QueryHandler(ListApprovalsQuery)
export class ListApprovalsHandler implements IQueryHandler<ListApprovalsQuery> {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly db: Db,
  ) {}

  async execute({ admin, which }: ListApprovalsQuery): Promise<ApprovalRecord[]> {
    const rows = await this.approvals.list(this.db, which);
    return rows.map((row) => toApprovalRecord(row, admin.userId));
  }
}
