import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  roleKind,
  roleName,
  type RoleKind,
  type SortOrder,
  type UserSortColumn,
  type UserStatus,
  type Viewer,
  type KycState,
} from '@khata/domain';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UsersAdminRepository, type UserListEntry } from '../users-admin.repository.js';

export interface UserListCriteria {
  search?: string;
  role?: RoleKind;
  status?: UserStatus;
  kycState?: KycState;
  sort: UserSortColumn;
  order: SortOrder;
}

export interface UserListPage {
  rows: (UserListEntry & { kind: RoleKind | null })[];
  total: number;
}

/** All Users: one page of the users the viewer sees, filtered and sorted on the server. */
export class ListUsersQuery extends Query<UserListPage> {
  constructor(
    readonly viewer: Viewer,
    readonly criteria: UserListCriteria,
    readonly page: { limit: number; offset: number },
  ) {
    super();
  }
}

/** How many users the viewer sees that match (the CSV checks it against its cap first). */
export class CountUsersQuery extends Query<number> {
  constructor(
    readonly viewer: Viewer,
    readonly criteria: UserListCriteria,
  ) {
    super();
  }
}

function filterOf(criteria: UserListCriteria, productKey: string) {
  return {
    search: criteria.search,
    role: criteria.role && roleName(criteria.role, productKey),
    status: criteria.status,
    kycState: criteria.kycState,
  };
}

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery> {
  constructor(
    private readonly repository: UsersAdminRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ viewer, criteria, page }: ListUsersQuery): Promise<UserListPage> {
    const { rows, total } = await this.repository.list(
      viewer,
      filterOf(criteria, this.config.productKey),
      { column: criteria.sort, order: criteria.order },
      page,
    );
    return {
      rows: rows.map((row) => ({
        ...row,
        kind: roleKind(row.role, this.config.productKey) ?? null,
      })),
      total,
    };
  }
}

@QueryHandler(CountUsersQuery)
export class CountUsersHandler implements IQueryHandler<CountUsersQuery> {
  constructor(
    private readonly repository: UsersAdminRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ viewer, criteria }: CountUsersQuery): Promise<number> {
    return this.repository.count(viewer, filterOf(criteria, this.config.productKey));
  }
}
