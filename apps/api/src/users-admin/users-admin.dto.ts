import {
  checkKycStateFilter,
  checkRoleFilter,
  checkSortOrder,
  checkStatusFilter,
  checkStatusReason,
  checkUserId,
  checkUserSearch,
  checkUserSort,
  checkUsersPage,
  checkUsersPageSize,
  checkUserStatus,
  paiseToRupees,
  type ListUsersRequest,
  type RoleKind,
  type SetUserStatusRequest,
  type SortOrder,
  type UserDetailsRequest,
  type UserListRow,
  type UserSortColumn,
  type UserStatus,
  type KycState,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';
import type { UserListPage } from './queries/list-users.js';

/** The list's filters; each field holds its checked value once validation has passed. */
export class ListUsersDto implements ListUsersRequest {
  @Satisfies(checkUserSearch)
  search?: string;

  @Satisfies(checkRoleFilter)
  role?: RoleKind;

  @Satisfies(checkStatusFilter)
  status?: UserStatus;

  @Satisfies(checkKycStateFilter)
  kycState?: KycState;

  @Satisfies(checkUserSort)
  sort?: UserSortColumn;

  @Satisfies(checkSortOrder)
  order?: SortOrder;

  @Satisfies(checkUsersPage)
  page?: number | string;

  @Satisfies(checkUsersPageSize)
  pageSize?: number | string;
}

export class UserDetailsDto implements UserDetailsRequest {
  @Satisfies(checkUserId)
  userId!: string;
}

export class SetUserStatusDto implements SetUserStatusRequest {
  @Satisfies(checkUserId)
  userId!: string;

  @Satisfies(checkUserStatus)
  status!: UserStatus;

  @Satisfies(checkStatusReason)
  reason!: string;
}

export function toUserListRow(row: UserListPage['rows'][number]): UserListRow {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    role: row.role,
    kind: row.kind,
    shopName: row.shopName,
    status: row.status,
    kycState: row.kycState,
    kycChecked: row.kycChecked,
    panOnFile: row.panOnFile,
    parent:
      row.parentId && row.parentName && row.parentMobile
        ? { id: row.parentId, name: row.parentName, mobile: row.parentMobile }
        : null,
    createdAt: row.createdAt.toISOString(),
    walletBalance: paiseToRupees(row.wallet),
  };
}
