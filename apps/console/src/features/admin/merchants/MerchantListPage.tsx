import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCoordinates, isKycState, isServiceKey, type MerchantRecord } from '@khata/domain';
import { formatCount } from '../../../i18n/format';
import { mapsSearchUrl } from '../../tools';
import { formatDateTime } from '../common/dates';
import type { ReportColumn } from '../common/ReportTable';
import { roleColor, roleLabel } from '../network/labels';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SearchedUsersPage } from '../common/SearchedUsersPage';
import { KycStateTag } from '../kyc/KycStateTag';
import { serviceName } from '../services/labels';
import { useMerchants } from './api';

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

function MerchantList() {
  const { t } = useTranslation('merchants');
  const columns = useMemo<ReportColumn<MerchantRecord>[]>(
    () => [
      {
        key: 'merchant',
        title: t('columns.merchant'),
        cardLabel: null,
        hideOnCard: true,
        render: (merchant) => (
          <>
            {merchant.name}
            <span className="report-table__sub">{merchant.mobile}</span>
          </>
        ),
      },
      { key: 'shop', title: t('columns.shop'), render: (merchant) => merchant.shopName ?? '—' },
      { key: 'city', title: t('columns.city'), render: (merchant) => merchant.city ?? '—' },
      {
        key: 'role',
        title: t('columns.role'),
        render: (merchant) => (
          <>
            <Tag color={roleColor(merchant.role)}>{roleLabel(merchant.role, t)}</Tag>
            {merchant.status === 'blocked' && <Tag color="red">{t('blocked')}</Tag>}
          </>
        ),
      },
      {
        key: 'location',
        title: t('columns.location'),
        render: (merchant) => <Location merchant={merchant} />,
      },
      {
        key: 'kyc',
        title: t('columns.kyc'),
        render: (merchant) =>
          isKycState(merchant.kycState) ? <KycStateTag state={merchant.kycState} /> : '—',
      },
      {
        key: 'services',
        title: t('columns.services'),
        render: (merchant) =>
          merchant.services.length === 0
            ? '—'
            : merchant.services.map((service) => (
                // The service's name from the catalogue (libs/domain), never its key.
                <Tag key={service}>{isServiceKey(service) ? serviceName(t, service) : service}</Tag>
              )),
      },
    ],
    [t],
  );
  return (
    <SearchedUsersPage<MerchantRecord>
      title={t('title')}
      intro={t('intro')}
      searchLabel={t('searchLabel')}
      label={t('listLabel')}
      emptyText={t('empty')}
      countText={(total) => t('count', { count: total, total: formatCount(total) })}
      columns={columns}
      useUsers={useMerchants}
    />
  );
}
