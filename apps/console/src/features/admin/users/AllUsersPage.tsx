import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import { Link } from 'react-router-dom';
import {
  plural,
  isRoleKind,
  KYC_STATES,
  type KycState,
  ROLE_KINDS,
  USER_SORT_COLUMNS,
  USER_STATUSES,
  type RoleKind,
  type SortOrder,
  type UserListRow,
  type UserSortColumn,
  type UserStatus,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { countSet } from '../common/FilterForm';
import { ReportPage, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useUrlFilter } from '../common/useUrlFilter';
import { KYC_STATE_LABELS, KycStateTag } from '../kyc/KycStateTag';
import { AddUserButton } from '../onboarding';
import { downloadUsersCsv, useUsers, type UsersFilter } from './api';
import { ROLE_LABELS, roleLabel, SORT_LABELS, STATUS_LABELS } from './labels';
import './users.css';

const PAGE_SIZES = [10, 20, 50, 100];

/** The list's filter lives in the address, so a search can be reloaded, shared and gone back to. */
function useUsersFilter(): [UsersFilter, (change: Partial<UsersFilter>) => void] {
  return useUrlFilter<UsersFilter>(({ positive, text, pick }) => {
    const role = text('role');
    return {
      page: positive('page', 1),
      pageSize: positive('pageSize', 20, 100),
      search: text('search'),
      role: isRoleKind(role) ? role : undefined,
      status: pick<UserStatus>('status', USER_STATUSES),
      kycState: pick<KycState>('kycState', KYC_STATES),
      sort: pick<UserSortColumn>('sort', USER_SORT_COLUMNS),
      order: pick<SortOrder>('order', ['asc', 'desc']),
    };
  });
}

export const userDetailsPath = (id: string) =>
  `${AppPath.userDetails}?${new URLSearchParams({ id }).toString()}`;

const columns: ReportColumn<UserListRow>[] = [
  {
    key: 'name',
    title: 'Name · Mobile',
    cardLabel: null,
    hideOnCard: true,
    render: (row) => (
      <>
        <Link to={userDetailsPath(row.id)}>{row.name}</Link>
        <span className="report-table__sub">{row.mobile}</span>
      </>
    ),
  },
  { key: 'mobile', title: 'Mobile', hideOnTable: true, render: (row) => row.mobile },
  { key: 'role', title: 'Role', render: (row) => roleLabel(row.kind, row.role) },
  { key: 'shop', title: 'Shop', render: (row) => row.shopName ?? '—' },
  {
    key: 'status',
    title: 'Status',
    render: (row) => (
      <Tag color={row.status === 'active' ? 'green' : 'red'}>{STATUS_LABELS[row.status]}</Tag>
    ),
  },
  {
    key: 'kyc',
    title: 'KYC',
    render: (row) => (
      <KycStateTag
        state={row.kycState}
        checked={row.kycChecked}
        panOnFile={row.panOnFile || row.kind === 'admin'}
      />
    ),
  },
  {
    key: 'parent',
    title: 'Parent',
    render: (row) =>
      row.parent ? (
        <>
          {row.parent.name}
          <span className="report-table__sub">{row.parent.mobile}</span>
        </>
      ) : (
        '—'
      ),
  },
  { key: 'joined', title: 'Joined', render: (row) => formatDateTime(row.createdAt) },
  {
    key: 'wallet',
    title: 'Wallet',
    align: 'right',
    render: (row) => <span className="admin-amount">{formatRupees(row.walletBalance)}</span>,
  },
];

/** Spec §2 /admin/allUsers: everyone in the caller's network, searched and filtered on the server. */
export function AllUsersPage() {
  return (
    <RequireMenuItem item="allUsers">
      <AllUsers />
    </RequireMenuItem>
  );
}

function AllUsers() {
  const [filter, setFilter] = useUsersFilter();
  const users = useUsers(filter);
  const [search, setSearch] = useState(filter.search ?? '');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string>();

  const download = async () => {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadUsersCsv(filter);
    } catch (error) {
      setDownloadError((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ReportPage
      title="All Users"
      intro="Everyone in your network. Search by name, mobile or shop; open a user for details."
      report={users}
      actions={<AddUserButton />}
      filtersLabel="Filter users"
      activeFilters={countSet([filter.search, filter.role, filter.status, filter.kycState])}
      filters={
        <>
          <Form.Item label="Search" htmlFor="users-search" className="users-filters__search">
            <Input.Search
              id="users-search"
              placeholder="Name, mobile or shop"
              allowClear
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onSearch={(value) => setFilter({ search: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Role" htmlFor="users-role">
            <Select
              id="users-role"
              allowClear
              placeholder="All roles"
              value={filter.role}
              options={ROLE_KINDS.map((value) => ({ value, label: ROLE_LABELS[value].label }))}
              onChange={(role?: RoleKind) => setFilter({ role, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="users-status">
            <Select
              id="users-status"
              allowClear
              placeholder="Any status"
              value={filter.status}
              options={USER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              onChange={(status?: UserStatus) => setFilter({ status, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="KYC" htmlFor="users-kyc">
            <Select
              id="users-kyc"
              allowClear
              placeholder="Any KYC state"
              value={filter.kycState as KycState | undefined}
              options={KYC_STATES.map((value) => ({ value, label: KYC_STATE_LABELS[value] }))}
              onChange={(kycState?: KycState) => setFilter({ kycState, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Sort by" htmlFor="users-sort">
            <Select
              id="users-sort"
              value={`${filter.sort ?? 'createdAt'}:${filter.order ?? 'desc'}`}
              options={USER_SORT_COLUMNS.flatMap((column) =>
                (['asc', 'desc'] as const).map((order) => ({
                  value: `${column}:${order}`,
                  label: `${SORT_LABELS[column]} ${sortWords(column, order)}`,
                })),
              )}
              onChange={(value: string) => {
                const [sort, order] = value.split(':') as [UserSortColumn, SortOrder];
                setFilter({ sort, order, page: 1 });
              }}
            />
          </Form.Item>
          <Form.Item label=" " className="users-filters__download">
            <Button onClick={() => void download()} loading={downloading}>
              Download CSV
            </Button>
          </Form.Item>
        </>
      }
    >
      {(users.isError || downloadError) && (
        <Alert
          className="admin-report__error"
          type="error"
          showIcon
          title={downloadError ?? users.error?.message}
        />
      )}
      <ReportTable
        label="Users"
        rows={users.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={users.isPending || users.isPlaceholderData}
        emptyText="No users match."
        cardTitle={(row) => <Link to={userDetailsPath(row.id)}>{row.name}</Link>}
        pagination={{
          ...reportPagination(filter, setFilter),
          total: users.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => plural(total, 'user'),
        }}
      />
    </ReportPage>
  );
}

function sortWords(column: UserSortColumn, order: SortOrder): string {
  if (column === 'createdAt') return order === 'desc' ? '(newest first)' : '(oldest first)';
  if (column === 'balance') return order === 'desc' ? '(highest first)' : '(lowest first)';
  return order === 'asc' ? '(A–Z)' : '(Z–A)';
}
