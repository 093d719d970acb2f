import { useState } from 'react';
import { Alert, Card, Input, Tag } from 'antd';
import { checkCoordinates, type MerchantRecord } from '@khata/domain';
import { mapsSearchUrl } from '../../tools';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { roleColor, roleLabel } from '../network/labels';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useMerchants, type MerchantFilter } from './api';

const PAGE_SIZES = [10, 20, 50, 100];

/** Issue 12 Merchant list (/admin/merchantList): the retailers of the caller's network. */
export function MerchantListPage() {
  return (
    <RequireMenuItem item="merchantList">
      <MerchantList />
    </RequireMenuItem>
  );
}

function Location({ merchant }: { merchant: MerchantRecord }) {
  const place = checkCoordinates(merchant.location?.latitude, merchant.location?.longitude);
  if (!merchant.location || !place.ok) return <span>—</span>;
  return (
    <a href={mapsSearchUrl(place.value)} target="_blank" rel="noreferrer">
      {place.value.latitude}, {place.value.longitude}
      <span className="report-table__sub">{formatDateTime(merchant.location.at)}</span>
    </a>
  );
}

const COLUMNS: ReportColumn<MerchantRecord>[] = [
  {
    key: 'merchant',
    title: 'Merchant',
    cardLabel: null,
    hideOnCard: true,
    render: (merchant) => (
      <>
        {merchant.name}
        <span className="report-table__sub">{merchant.mobile}</span>
      </>
    ),
  },
  { key: 'shop', title: 'Shop', render: (merchant) => merchant.shopName ?? '—' },
  { key: 'city', title: 'City', render: (merchant) => merchant.city ?? '—' },
  {
    key: 'role',
    title: 'Role',
    render: (merchant) => (
      <>
        <Tag color={roleColor(merchant.role)}>{roleLabel(merchant.role)}</Tag>
        {merchant.status === 'blocked' && <Tag color="red">Blocked</Tag>}
      </>
    ),
  },
  {
    key: 'location',
    title: 'Last location',
    render: (merchant) => <Location merchant={merchant} />,
  },
  { key: 'kyc', title: 'KYC', render: (merchant) => merchant.kycState ?? '—' },
  {
    key: 'services',
    title: 'Services',
    render: (merchant) =>
      merchant.services.length === 0
        ? '—'
        : merchant.services.map((service) => <Tag key={service}>{service}</Tag>),
  },
];

function MerchantList() {
  const [filter, setFilter] = useState<MerchantFilter>({ q: '', page: 1, pageSize: 20 });
  const [text, setText] = useState('');
  const merchants = useMerchants(filter);

  return (
    <AdminPage title="Merchant list" intro="The retailers of your network, newest first.">
      <Card className="admin-card">
        <Input.Search
          placeholder="Search by name, mobile, shop or city"
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '') setFilter((before) => ({ ...before, q: '', page: 1 }));
          }}
          onSearch={(value) => setFilter((before) => ({ ...before, q: value.trim(), page: 1 }))}
          aria-label="Search merchants"
          style={{ maxWidth: 520 }}
        />
      </Card>
      {merchants.isError && <Alert type="error" showIcon title={merchants.error.message} />}
      <Card className="admin-card">
        <ReportTable<MerchantRecord>
          label="Merchants"
          rows={merchants.data?.data ?? []}
          rowKey={(merchant) => merchant.id}
          columns={COLUMNS}
          loading={merchants.isPending || merchants.isPlaceholderData}
          emptyText="No merchants found."
          cardTitle={(merchant) => (
            <>
              {merchant.name}
              <span className="report-table__sub">{merchant.mobile}</span>
            </>
          )}
          pagination={{
            current: filter.page,
            pageSize: filter.pageSize,
            total: merchants.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            onChange: (page, pageSize) => setFilter((before) => ({ ...before, page, pageSize })),
            showTotal: (total) => `${total} merchant${total === 1 ? '' : 's'}`,
          }}
        />
      </Card>
    </AdminPage>
  );
}
