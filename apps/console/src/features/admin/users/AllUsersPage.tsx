import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
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
import { formatCount } from '../../../i18n/format';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { countSet } from '../common/FilterForm';
import { ReportPage, reportPagination } from '../common/ReportPage';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useUrlFilter } from '../common/useUrlFilter';
import { useAdminLabels } from '../common/labels';
import { KycStateTag } from '../kyc/KycStateTag';
import { AddUserButton } from '../onboarding';
import { downloadUsersCsv, useUsers, type UsersFilter } from './api';
import { sortLabel } from './labels';
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

/** Spec §2 /admin/allUsers: everyone in the caller's network, searched and filtered on the server. */
export function AllUsersPage() {
  return (
    <RequireMenuItem item="allUsers">
      <AllUsers />
    </RequireMenuItem>
  );
}

function AllUsers() {
  const { t } = useTranslation('users');
  const labels = useAdminLabels();
  const columns = useMemo<ReportColumn<UserListRow>[]>(
    () => [
      {
        key: 'name',
        title: t('list.columns.nameMobile'),
        cardLabel: null,
        hideOnCard: true,
        render: (row) => (
          <>
            <Link to={userDetailsPath(row.id)}>{row.name}</Link>
            <span className="report-table__sub">{row.mobile}</span>
          </>
        ),
      },
      {
        key: 'mobile',
        title: t('list.columns.mobile'),
        hideOnTable: true,
        render: (row) => row.mobile,
      },
      {
        key: 'role',
        title: t('list.columns.role'),
        render: (row) => labels.role(row.kind, row.role),
      },
      { key: 'shop', title: t('list.columns.shop'), render: (row) => row.shopName ?? '—' },
      {
        key: 'status',
        title: t('list.columns.status'),
        render: (row) => (
          <Tag color={row.status === 'active' ? 'green' : 'red'}>
            {labels.userStatus(row.status)}
          </Tag>
        ),
      },
      {
        key: 'kyc',
        title: t('list.columns.kyc'),
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
        title: t('list.columns.parent'),
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
      {
        key: 'joined',
        title: t('list.columns.joined'),
        render: (row) => formatDateTime(row.createdAt),
      },
      {
        key: 'wallet',
        title: t('list.columns.wallet'),
        align: 'right',
        render: (row) => <span className="admin-amount">{formatRupees(row.walletBalance)}</span>,
      },
    ],
    [t, labels],
  );
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
      title={t('list.title')}
      intro={t('list.intro')}
      report={users}
      actions={<AddUserButton />}
      filtersLabel={t('list.filters.label')}
      activeFilters={countSet([filter.search, filter.role, filter.status, filter.kycState])}
      filters={
        <>
          <Form.Item
            label={t('list.filters.search')}
            htmlFor="users-search"
            className="users-filters__search"
          >
            <Input.Search
              id="users-search"
              placeholder={t('list.filters.searchPlaceholder')}
              allowClear
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onSearch={(value) => setFilter({ search: value.trim() || undefined, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('list.filters.role')} htmlFor="users-role">
            <Select
              id="users-role"
              allowClear
              placeholder={t('list.filters.allRoles')}
              value={filter.role}
              options={ROLE_KINDS.map((value) => ({ value, label: labels.role(value) }))}
              onChange={(role?: RoleKind) => setFilter({ role, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('list.filters.status')} htmlFor="users-status">
            <Select
              id="users-status"
              allowClear
              placeholder={t('list.filters.anyStatus')}
              value={filter.status}
              options={USER_STATUSES.map((value) => ({ value, label: labels.userStatus(value) }))}
              onChange={(status?: UserStatus) => setFilter({ status, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('list.filters.kyc')} htmlFor="users-kyc">
            <Select
              id="users-kyc"
              allowClear
              placeholder={t('list.filters.anyKyc')}
              value={filter.kycState as KycState | undefined}
              options={KYC_STATES.map((value) => ({ value, label: labels.kycState(value) }))}
              onChange={(kycState?: KycState) => setFilter({ kycState, page: 1 })}
            />
          </Form.Item>
          <Form.Item label={t('list.filters.sortBy')} htmlFor="users-sort">
            <Select
              id="users-sort"
              value={`${filter.sort ?? 'createdAt'}:${filter.order ?? 'desc'}`}
              options={USER_SORT_COLUMNS.flatMap((column) =>
                (['asc', 'desc'] as const).map((order) => ({
                  value: `${column}:${order}`,
                  label: sortLabel(t, column, order),
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
              {t('list.downloadCsv')}
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
        label={t('list.tableLabel')}
        rows={users.data?.data ?? []}
        rowKey={(row) => row.id}
        columns={columns}
        loading={users.isPending || users.isPlaceholderData}
        emptyText={t('list.empty')}
        cardTitle={(row) => <Link to={userDetailsPath(row.id)}>{row.name}</Link>}
        pagination={{
          ...reportPagination(filter, setFilter),
          total: users.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('list.count', { count: total, total: formatCount(total) }),
        }}
      />
    </ReportPage>
  );
}
