import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useSearchParams } from 'react-router-dom';
import {
  checkCoordinates,
  isUuid,
  type StatementLine,
  type UserDetails,
  type UserStatus,
  USER_ACTION_KINDS,
  isDistributor,
  KycMessages,
  needsKyc,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ApiError } from '../../../api/client';
import { formatCount } from '../../../i18n/format';
import { localizeMessage } from '../../../i18n/messages';
import { AdminPage } from '../common/AdminPage';
import { AdminStatus } from '../common/AdminStatus';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { useAdminLabels } from '../common/labels';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { SendMoneyButton, WalletActionsCard } from '../balance';
import { ResetCredentialsButton } from '../onboarding';
import { PartnerOversight } from '../partners/PartnerOversight';
import { UserServicesCard } from '../services';
import { useAdminUser } from '../session/adminUser';
import { userDetailsPath } from './AllUsersPage';
import { useUserDetails } from './api';
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

function UserDetailsScreen() {
  const { t } = useTranslation('users');
  const labels = useAdminLabels();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = isUuid(id);
  const details = useUserDetails(valid ? id : undefined);
  const [asking, setAsking] = useState<UserStatus>();
  // Staff employees look; admins and distributors act (USER_ACTION_KINDS, as the API says).
  const { kind } = useAdminUser();
  const mayAct = kind !== undefined && USER_ACTION_KINDS.includes(kind);

  if (
    !valid ||
    (details.isError && details.error instanceof ApiError && details.error.status === 404)
  ) {
    return (
      <AdminStatus
        status={404}
        title={t('details.notFound.title')}
        message={t('details.notFound.message')}
      />
    );
  }
  const data = details.data;
  return (
    <AdminPage
      title={data?.profile.name ?? t('details.title')}
      intro={
        data ? (
          <>
            {labels.role(data.profile.kind, data.profile.role)} · {data.profile.mobile}{' '}
            <StatusTag status={data.profile.status} />
          </>
        ) : undefined
      }
      actions={
        <>
          <Link to={AppPath.allUsers}>
            <Button>{t('details.allUsers')}</Button>
          </Link>
          {kind === 'admin' && data && (
            // Issue 14: the user's day book (admins may read anyone's).
            <Link
              to={{
                pathname: generatePath(AppPath.dayBook, { dayAgo: '0' }),
                search: `?userId=${data.profile.id}`,
              }}
            >
              <Button>{t('details.dayBook')}</Button>
            </Link>
          )}
          <Button onClick={() => void details.refetch()} loading={details.isFetching}>
            {t('details.refresh')}
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
  const labels = useAdminLabels();
  return (
    <Tag color={status === 'active' ? 'green' : 'red'} data-testid="user-status">
      {labels.userStatus(status)}
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
  const { t } = useTranslation('users');
  const me = useAdminUser();
  const self = me.profile._id === profile.id;
  const adminOnly = profile.kind === 'admin' && me.kind !== 'admin';
  const blocked = profile.status === 'blocked';
  return (
    <Card className="admin-card" title={t('actions.title')}>
      <section data-testid="user-actions" className="user-actions" aria-label={t('actions.label')}>
        {blocked && profile.statusReason && (
          <Alert
            type="warning"
            showIcon
            title={
              profile.statusChangedAt
                ? t('actions.deactivatedOn', {
                    at: formatDateTime(profile.statusChangedAt),
                    reason: profile.statusReason,
                  })
                : t('actions.deactivated', { reason: profile.statusReason })
            }
          />
        )}
        <div className="user-actions__buttons">
          {blocked ? (
            <Button type="primary" disabled={self || adminOnly} onClick={() => onAsk('active')}>
              {t('actions.activate')}
            </Button>
          ) : (
            <Button danger disabled={self || adminOnly} onClick={() => onAsk('blocked')}>
              {t('actions.deactivate')}
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
        {self && <p className="user-actions__note">{t('actions.self')}</p>}
      </section>
    </Card>
  );
}

function ProfileCard({ data }: { data: UserDetails }) {
  const { t } = useTranslation('users');
  const labels = useAdminLabels();
  const { profile } = data;
  return (
    <Card className="admin-card" title={t('details.profile.title')}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('details.profile.name')}>{profile.name}</Descriptions.Item>
        <Descriptions.Item label={t('details.profile.mobile')}>{profile.mobile}</Descriptions.Item>
        <Descriptions.Item label={t('details.profile.email')}>
          {profile.email ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.profile.role')}>
          {labels.role(profile.kind, profile.role)}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.profile.shop')}>
          {data.shop.name ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('details.profile.status')}>
          <StatusTag status={profile.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('details.profile.joined')}>
          {formatDateTime(profile.createdAt)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function BalancesCard({ balances }: { balances: UserDetails['balances'] }) {
  const { t } = useTranslation('users');
  const rows: [string, number][] = [
    [t('details.balances.wallet'), balances.wallet],
    [t('details.balances.lien'), balances.lien],
    [t('details.balances.security'), balances.security],
    [t('details.balances.overdraftLimit'), balances.overdraftLimit],
    [t('details.balances.available'), balances.available],
  ];
  return (
    <Card className="admin-card" title={t('details.balances.title')}>
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
  const { t } = useTranslation('users');
  const labels = useAdminLabels();
  return (
    <Card className="admin-card" title={t('details.network.title')}>
      <p className="user-details__downline">
        {t('details.network.below', {
          count: data.downlineCount,
          total: formatCount(data.downlineCount),
        })}
      </p>
      <p className="user-details__upline-title">{t('details.network.upline')}</p>
      {data.upline.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.network.noUpline')} />
      ) : (
        <ol className="user-details__upline" aria-label={t('details.network.upline')}>
          {data.upline.map((member) => (
            <li key={member.id}>
              <Link to={userDetailsPath(member.id)}>{member.name}</Link>
              <span className="report-table__sub">
                {labels.role(member.kind, member.role)} · {member.mobile}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function KycCard({ data }: { data: UserDetails }) {
  const { t } = useTranslation('users');
  const labels = useAdminLabels();
  const { state, checked, panOnFile } = data.kyc;
  return (
    <Card className="admin-card" title={t('details.kyc.title')}>
      <p className="user-details__kyc" data-testid="user-kyc">
        {/* libs/domain's kycLabel: "Approved" only when documents were checked. */}
        {state === 'approved' && !checked
          ? localizeMessage(KycMessages.notChecked)
          : labels.kycState(state)}
      </p>
      {data.profile.kind !== null && needsKyc(data.profile.kind) && !panOnFile && (
        <p className="user-details__kyc" data-testid="user-no-pan">
          {localizeMessage(KycMessages.noPanWithheld)}
        </p>
      )}
    </Card>
  );
}

function LoginsCard({ logins }: { logins: UserDetails['logins'] }) {
  const { t } = useTranslation('users');
  return (
    <Card className="admin-card" title={t('details.logins.title')}>
      {logins.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.logins.never')} />
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
                  {entry.ip ?? t('details.logins.unknownIp')} ·{' '}
                  {place.ok
                    ? `${entry.location.lat}, ${entry.location.long}`
                    : t('details.logins.noLocation')}
                </span>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

function LedgerCard({ lines }: { lines: StatementLine[] }) {
  const { t } = useTranslation('users');
  const ledgerColumns = useMemo<ReportColumn<StatementLine>[]>(
    () => [
      { key: 'at', title: t('details.ledger.date'), render: (line) => formatDateTime(line.at) },
      {
        key: 'narration',
        title: t('details.ledger.description'),
        hideOnCard: true,
        render: (line) => line.narration ?? line.description,
      },
      {
        key: 'credit',
        title: t('details.ledger.credit'),
        align: 'right',
        render: (line) => (line.credit ? formatRupees(line.credit) : '—'),
      },
      {
        key: 'debit',
        title: t('details.ledger.debit'),
        align: 'right',
        render: (line) => (line.debit ? formatRupees(line.debit) : '—'),
      },
      {
        key: 'balance',
        title: t('details.ledger.balance'),
        align: 'right',
        render: (line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
      },
    ],
    [t],
  );
  return (
    <Card className="admin-card" title={t('details.ledger.title')}>
      <ReportTable
        label={t('details.ledger.label')}
        rows={lines}
        rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
        columns={ledgerColumns}
        loading={false}
        emptyText={t('details.ledger.empty')}
        cardTitle={(line) => line.narration ?? line.description}
      />
    </Card>
  );
}
