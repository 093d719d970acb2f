import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ComplaintMessages, type ComplaintActor, type ComplaintStatusFilter } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import {
  ComplaintsRepository,
  type Complaint,
  type ComplaintMessageRow,
} from '../complaints.repository.js';

/** A user's own complaints (`userId`), or the admins' queue (`null`). */
export class ListComplaintsQuery extends Query<{ complaints: Complaint[]; total: number }> {
  constructor(
    readonly userId: string | null,
    readonly status: ComplaintStatusFilter,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListComplaintsQuery)
export class ListComplaintsHandler implements IQueryHandler<ListComplaintsQuery> {
  constructor(private readonly complaints: ComplaintsRepository) {}

  execute(query: ListComplaintsQuery) {
    return this.complaints.list(query);
  }
}

/** The active admins a complaint may be assigned to. */
export class ComplaintAssigneesQuery extends Query<{ id: string; name: string }[]> {}

@QueryHandler(ComplaintAssigneesQuery)
export class ComplaintAssigneesHandler implements IQueryHandler<ComplaintAssigneesQuery> {
  constructor(private readonly complaints: ComplaintsRepository) {}

  execute() {
    return this.complaints.admins();
  }
}

/** One complaint with its conversation: the user sees their own without staff notes. */
export class GetComplaintQuery extends Query<{
  complaint: Complaint;
  messages: ComplaintMessageRow[];
}> {
  constructor(
    readonly viewer: AuthUser,
    readonly side: ComplaintActor,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetComplaintQuery)
export class GetComplaintHandler implements IQueryHandler<GetComplaintQuery> {
  constructor(
    private readonly db: Db,
    private readonly complaints: ComplaintsRepository,
  ) {}

  async execute({ viewer, side, id }: GetComplaintQuery) {
    const complaint = await this.complaints.find(this.db, id);
    if (!complaint || (side === 'user' && complaint.userId !== viewer.userId)) {
      throw new AppError(ErrorKind.NotFound, ComplaintMessages.notFound);
    }
    const messages = await this.complaints.messages(this.db, id, side === 'staff');
    return { complaint, messages };
  }
}
