import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { NoticesRepository, type Notice } from '../notices.repository.js';

/** Every notice, newest first, for the admins who post them. */
export class ListNoticesQuery extends Query<{ notices: Notice[]; total: number; now: Date }> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListNoticesQuery)
export class ListNoticesHandler implements IQueryHandler<ListNoticesQuery> {
  constructor(
    private readonly notices: NoticesRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ page, pageSize }: ListNoticesQuery) {
    const now = this.clock.now();
    return { ...(await this.notices.latest(page, pageSize)), now };
  }
}

/** The caller's notices to show now: live, for their role, not dismissed. */
export class ActiveNoticesQuery extends Query<Notice[]> {
  constructor(readonly user: AuthUser) {
    super();
  }
}

@QueryHandler(ActiveNoticesQuery)
export class ActiveNoticesHandler implements IQueryHandler<ActiveNoticesQuery> {
  constructor(
    private readonly notices: NoticesRepository,
    private readonly clock: Clock,
  ) {}

  execute({ user }: ActiveNoticesQuery): Promise<Notice[]> {
    return this.notices.activeFor(user.userId, user.kind, this.clock.now());
  }
}
