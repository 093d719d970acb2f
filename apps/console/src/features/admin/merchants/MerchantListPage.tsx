import { Tag } from 'antd';
import {
  checkCoordinates,
  isKycState,
  isServiceKey,
  serviceInfo,
  type MerchantRecord,
} from '@khata/domain';
import { mapsSearchUrl } from '../../tools';
import { formatDateTime } from '../common/dates';
import type { ReportColumn } from '../common/ReportTable';
import { roleColor, roleLabel } from '../network/labels';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SearchedUsersPage } from '../common/SearchedUsersPage';
import { KycStateTag } from '../kyc/KycStateTag';
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
  {
    key: 'kyc',
    title: 'KYC',
    render: (merchant) =>
      isKycState(merchant.kycState) ? <KycStateTag state={merchant.kycState} /> : '—',
  },
  {
    key: 'services',
    title: 'Services',
    render: (merchant) =>
      merchant.services.length === 0
        ? '—'
        : merchant.services.map((service) => (
            // The service's name from the catalogue (libs/domain), never its key.
            <Tag key={service}>{isServiceKey(service) ? serviceInfo(service).label : service}</Tag>
          )),
  },
];

function MerchantList() {
  return (
    <SearchedUsersPage<MerchantRecord>
      title="Merchant list"
      intro="The retailers of your network, newest first."
      searchLabel="Search merchants"
      label="Merchants"
      noun="merchant"
      columns={COLUMNS}
      useUsers={useMerchants}
    />
  );
}
