import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import {
  plural,
  checkCoordinates,
  isUuid,
  type StatementLine,
  type UserDetails,
  type UserStatus,
  USER_ACTION_KINDS,
  isDistributor,
  KycMessages,
  kycLabel,
  needsKyc,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { AdminStatus } from '../common/AdminStatus';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SendMoneyButton, WalletActionsCard } from '../balance';
import { ResetCredentialsButton } from '../onboarding';
import { PartnerOversight } from '../partners/PartnerOversight';
import { UserServicesCard } from '../services';
import { useAdminUser } from '../session/adminUser';
import { userDetailsPath } from './AllUsersPage';
import { useUserDetails } from './api';
import { roleLabel, STATUS_LABELS } from './labels';
import { UserStatusModal } from './UserStatusModal';
import './users.css';

/** Spec §2 /admin/userDetails?id=…: one user of the caller's network on one screen. */
export function UserDetailsPage() {
  return (
    <RequireMenuItem item="allUsers">
      <UserDetailsScreen />
    </RequireMenuItem>
  );
}

const NOT_FOUND = {
  status: 404,
  title: 'User not found',
  message: 'There is no such user in your network.',
} as const;

function UserDetailsScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = isUuid(id);
  const details = useUserDetails(valid ? id : undefined);
  const [asking, setAsking] = useState<UserStatus>();
  // Staff employees look; admins and distributors act (USER_ACTION_KINDS, as the API says).
  const { kind } = useAdminUser();
  const mayAct = kind !== undefined && USER_ACTION_KINDS.includes(kind);

  if (!valid || (details.isError && details.error.message === 'User not found')) {
    return <AdminStatus {...NOT_FOUND} />;
  }
  const data = details.data;
  return (
    <AdminPage
      title={data?.profile.name ?? 'User details'}
      intro={
        data ? (
          <>
            {roleLabel(data.profile.kind, data.profile.role)} · {data.profile.mobile}{' '}
            <StatusTag status={data.profile.status} />
          </>
        ) : undefined
      }
      actions={
        <>
          <Link to={AppPath.allUsers}>
            <Button>All Users</Button>
          </Link>
          {kind === 'admin' && data && (
            // Issue 14: the user's day book (admins may read anyone's).
            <Link
              to={{
                pathname: generatePath(AppPath.dayBook, { dayAgo: '0' }),
                search: `?userId=${data.profile.id}`,
              }}
            >
              <Button>Day book</Button>
            </Link>
          )}
          <Button onClick={() => void details.refetch()} loading={details.isFetching}>
            Refresh
          </Button>
        </>
      }
    >
      {details.isError && <Alert type="error" showIcon title={details.error.message} />}
      {!data ? (
        <Card className="admin-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          {mayAct && <UserActions profile={data.profile} onAsk={setAsking} />}
          {kind === 'admin' && <WalletActionsCard profile={data.profile} />}
          <div className="admin-grid admin-grid--2 user-details__grid">
            <ProfileCard data={data} />
            <BalancesCard balances={data.balances} />
            <NetworkCard data={data} />
            <KycCard data={data} />
          </div>
          <UserServicesCard user={{ userId: data.profile.id }} />
          <LoginsCard logins={data.logins} />
          <LedgerCard lines={data.ledger} />
          {kind === 'admin' && data.profile.kind === 'partner' && (
            <PartnerOversight partnerId={data.profile.id} />
          )}
        </>
      )}
      <UserStatusModal user={data?.profile} to={asking} onClose={() => setAsking(undefined)} />
    </AdminPage>
  );
}

function StatusTag({ status }: { status: UserStatus }) {
  return (
    <Tag color={status === 'active' ? 'green' : 'red'} data-testid="user-status">
      {STATUS_LABELS[status]}
    </Tag>
  );
}

/**
 * What can be done to the user. Activate/Deactivate is here; the other actions of issue 12
 * (reset password or PIN, services, KYC) are added to this section by their features.
 */
function UserActions({
  profile,
  onAsk,
}: {
  profile: UserDetails['profile'];
  onAsk: (to: UserStatus) => void;
}) {
  const me = useAdminUser();
  const self = me.profile._id === profile.id;
  const adminOnly = profile.kind === 'admin' && me.kind !== 'admin';
  const blocked = profile.status === 'blocked';
  return (
    <Card className="admin-card" title="Actions">
      <section data-testid="user-actions" className="user-actions" aria-label="User actions">
        {blocked && profile.statusReason && (
          <Alert
            type="warning"
            showIcon
            title={`Deactivated${profile.statusChangedAt ? ` on ${formatDateTime(profile.statusChangedAt)}` : ''}: ${profile.statusReason}`}
          />
        )}
        <div className="user-actions__buttons">
          {blocked ? (
            <Button type="primary" disabled={self || adminOnly} onClick={() => onAsk('active')}>
              Activate
            </Button>
          ) : (
            <Button danger disabled={self || adminOnly} onClick={() => onAsk('blocked')}>
              Deactivate
            </Button>
          )}
          {!self && !adminOnly && (
            <ResetCredentialsButton userId={profile.id} userName={profile.name} />
          )}
          {/* Issue 23: a distributor tier funds its own downline straight from here. */}
          {!self && me.kind && isDistributor(me.kind) && profile.status === 'active' && (
            <SendMoneyButton profile={profile} />
          )}
        </div>
        {self && <p className="user-actions__note">This is your own account.</p>}
      </section>
    </Card>
  );
}

function ProfileCard({ data }: { data: UserDetails }) {
  const { profile } = data;
  return (
    <Card className="admin-card" title="Profile">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Name">{profile.name}</Descriptions.Item>
        <Descriptions.Item label="Mobile">{profile.mobile}</Descriptions.Item>
        <Descriptions.Item label="Email">{profile.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Role">{roleLabel(profile.kind, profile.role)}</Descriptions.Item>
        <Descriptions.Item label="Shop">{data.shop.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <StatusTag status={profile.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Joined">{formatDateTime(profile.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function BalancesCard({ balances }: { balances: UserDetails['balances'] }) {
  const rows: [string, number][] = [
    ['Wallet', balances.wallet],
    ['Lien', balances.lien],
    ['Security', balances.security],
    ['Overdraft limit', balances.overdraftLimit],
    ['Available', balances.available],
  ];
  return (
    <Card className="admin-card" title="Balances">
      <Descriptions column={1} size="small" data-testid="user-balances">
        {rows.map(([label, rupees]) => (
          <Descriptions.Item key={label} label={label}>
            <span className="admin-amount">{formatRupees(rupees)}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

function NetworkCard({ data }: { data: UserDetails }) {
  return (
    <Card className="admin-card" title="Network">
      <p className="user-details__downline">{plural(data.downlineCount, 'user')} below</p>
      <p className="user-details__upline-title">Upline, nearest first</p>
      {data.upline.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No upline you can see." />
      ) : (
        <ol className="user-details__upline" aria-label="Upline, nearest first">
          {data.upline.map((member) => (
            <li key={member.id}>
              <Link to={userDetailsPath(member.id)}>{member.name}</Link>
              <span className="report-table__sub">
                {roleLabel(member.kind, member.role)} · {member.mobile}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function KycCard({ data }: { data: UserDetails }) {
  const { state, checked, panOnFile } = data.kyc;
  return (
    <Card className="admin-card" title="KYC">
      <p className="user-details__kyc" data-testid="user-kyc">
        {kycLabel({ state, checked })}
      </p>
      {data.profile.kind !== null && needsKyc(data.profile.kind) && !panOnFile && (
        <p className="user-details__kyc" data-testid="user-no-pan">
          {KycMessages.noPanWithheld}
        </p>
      )}
    </Card>
  );
}

function LoginsCard({ logins }: { logins: UserDetails['logins'] }) {
  return (
    <Card className="admin-card" title="Last logins">
      {logins.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Never signed in." />
      ) : (
        <List
          size="small"
          dataSource={logins}
          renderItem={(entry) => {
            const place = checkCoordinates(entry.location.lat, entry.location.long);
            return (
              <List.Item>
                <span>{formatDateTime(entry.date)}</span>
                <span className="report-table__sub">
                  {entry.ip ?? 'unknown address'} ·{' '}
                  {place.ok ? `${entry.location.lat}, ${entry.location.long}` : 'no location'}
                </span>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

const ledgerColumns: ReportColumn<StatementLine>[] = [
  { key: 'at', title: 'Date', render: (line) => formatDateTime(line.at) },
  {
    key: 'narration',
    title: 'Description',
    hideOnCard: true,
    render: (line) => line.narration ?? line.description,
  },
  {
    key: 'credit',
    title: 'Credit',
    align: 'right',
    render: (line) => (line.credit ? formatRupees(line.credit) : '—'),
  },
  {
    key: 'debit',
    title: 'Debit',
    align: 'right',
    render: (line) => (line.debit ? formatRupees(line.debit) : '—'),
  },
  {
    key: 'balance',
    title: 'Balance',
    align: 'right',
    render: (line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
  },
];

function LedgerCard({ lines }: { lines: StatementLine[] }) {
  return (
    <Card className="admin-card" title="Latest wallet ledger lines">
      <ReportTable
        label="Latest ledger lines"
        rows={lines}
        rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
        columns={ledgerColumns}
        loading={false}
        emptyText="No ledger lines yet."
        cardTitle={(line) => line.narration ?? line.description}
      />
    </Card>
  );
}
