import { useState } from 'react';
import { Alert, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from './AdminPage';
import { ReportTable, type ReportColumn } from './ReportTable';

/** A text search over users, paged on the server (Merchant List, Map Generator). */
export interface UserSearch {
  q: string;
  page: number;
  pageSize: number;
}

const PAGE_SIZES = [10, 20, 50, 100];

/** What the page's query hook answers (react-query with the previous page kept while paging). */
interface UsersQuery<T> {
  data?: { data: T[]; total: number };
  isError: boolean;
  error: Error | null;
  isPending: boolean;
  isPlaceholderData: boolean;
}

/**
 * A page of users of the caller's network found by name, mobile, shop or city: a search box,
 * then a table on a desktop and cards on a phone, each card titled by the user.
 */
export function SearchedUsersPage<T extends { id: string; name: string; mobile: string }>({
  title,
  intro,
  searchLabel,
  label,
  emptyText,
  countText,
  columns,
  useUsers,
}: {
  title: string;
  intro: string;
  searchLabel: string;
  label: string;
  /** What an empty list says ("No merchants found."). */
  emptyText: string;
  /** The count below the list ("20 merchants"). */
  countText: (total: number) => string;
  columns: ReportColumn<T>[];
  useUsers: (search: UserSearch) => UsersQuery<T>;
}) {
  const { t } = useTranslation('admin-common');
  const [search, setSearch] = useState<UserSearch>({ q: '', page: 1, pageSize: 20 });
  const [text, setText] = useState('');
  const users = useUsers(search);

  return (
    <AdminPage title={title} intro={intro}>
      <Card className="admin-card">
        <Input.Search
          placeholder={t('searchedUsers.placeholder')}
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '') setSearch((before) => ({ ...before, q: '', page: 1 }));
          }}
          onSearch={(value) => setSearch((before) => ({ ...before, q: value.trim(), page: 1 }))}
          aria-label={searchLabel}
          style={{ maxWidth: 520 }}
        />
      </Card>
      {users.isError && <Alert type="error" showIcon title={users.error?.message} />}
      <Card className="admin-card">
        <ReportTable<T>
          label={label}
          rows={users.data?.data ?? []}
          rowKey={(user) => user.id}
          columns={columns}
          loading={users.isPending || users.isPlaceholderData}
          emptyText={emptyText}
          cardTitle={(user) => (
            <>
              {user.name}
              <span className="report-table__sub">{user.mobile}</span>
            </>
          )}
          pagination={{
            current: search.page,
            pageSize: search.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            onChange: (page, pageSize) => setSearch((before) => ({ ...before, page, pageSize })),
            showTotal: countText,
          }}
        />
      </Card>
    </AdminPage>
  );
}
