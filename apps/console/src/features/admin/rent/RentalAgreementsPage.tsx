import { useState } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { Alert, Button, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENT_STATUSES, type RentStatus } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useRentAgreements, type RentAgreementDto } from './api';
import { rentStatusWord, STATUS_COLOURS } from './words';
import './rent.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/**
 * Issue 28: `/admin/rental-agreement`, the rent agreements the viewer may see (a shop its own,
 * a distributor its network, an admin all), newest first, by status or a reference, a party's
 * mobile or name; each opens its details.
 */
export function RentalAgreementsPage() {
  const { t } = useTranslation('rent');
  const [status, setStatus] = useState<RentStatus>();
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const list = useRentAgreements({ status, q, page });
  return (
    <RequireMenuItem item="rentalAgreements">
      <AdminPage
        title={t('list.title')}
        intro={t('list.intro')}
        actions={
          <Link to={AppPath.rentAgreementNew}>
            <Button type="primary">{t('list.new')}</Button>
          </Link>
        }
      >
        <Space wrap className="rent-card">
          <Select<RentStatus>
            allowClear
            placeholder={t('list.anyStatus')}
            aria-label={t('list.status')}
            className="rent-otp"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={RENT_STATUSES.map((one) => ({ value: one, label: rentStatusWord(t, one) }))}
          />
          <Input.Search
            allowClear
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.search')}
            onSearch={(value) => {
              setQ(value.trim() || undefined);
              setPage(1);
            }}
          />
        </Space>
        {list.error && <Alert type="error" showIcon title={list.error.message} />}
        <ScrollRegion>
          <Table<RentAgreementDto>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            scroll={{ x: true }}
            pagination={{
              current: page,
              pageSize: 20,
              total: list.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              {
                key: 'reference',
                title: t('list.column.reference'),
                render: (_, row) => (
                  <Link to={generatePath(AppPath.rentAgreementDetails, { rentAgreement: row.id })}>
                    {row.reference}
                  </Link>
                ),
              },
              {
                key: 'status',
                title: t('list.column.status'),
                render: (_, row) => (
                  <Tag color={STATUS_COLOURS[row.status]}>{rentStatusWord(t, row.status)}</Tag>
                ),
              },
              {
                key: 'where',
                title: t('list.column.property'),
                render: (_, row) => `${row.city}, ${row.stateName}`,
              },
              {
                key: 'rent',
                title: t('list.column.rent'),
                render: (_, row) => formatRupees(row.rent),
              },
              {
                key: 'total',
                title: t('list.column.paid'),
                render: (_, row) => formatRupees(row.total),
              },
              { key: 'shop', title: t('list.column.shop'), dataIndex: 'shopName' },
              {
                key: 'created',
                title: t('list.column.created'),
                render: (_, row) => formatDateTime(row.createdAt),
              },
            ]}
          />
        </ScrollRegion>
      </AdminPage>
    </RequireMenuItem>
  );
}
