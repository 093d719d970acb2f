import { Alert, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  canUseMenuItem,
  STUCK_PAYOUT_MINUTES,
  type AdminDashboardAnswer,
  type TransactionStatus,
} from '@khata/domain';
import { api } from '../../../api/client';
import { AppPath } from '../../../app/paths';
import { formatRupees } from '../common/money';
import { roleColor, roleLabel } from '../network/labels';
import { useAdminUser } from '../session/adminUser';

export const dashboardKeys = {
  figures: ['dashboard', 'figures'] as const,
};

/** "Payouts queued", "Payouts processed"…: a payout status's line (TRANSACTION_STATUS_LABELS). */
const PAYOUT_STATUS_KEYS = {
  success: 'network.payouts.success',
  queued: 'network.payouts.queued',
  processing: 'network.payouts.processing',
  processed: 'network.payouts.processed',
  reversed: 'network.payouts.reversed',
  failed: 'network.payouts.failed',
} as const satisfies Record<TransactionStatus, string>;

/** `POST /api/admin/dashboard`: the figures of the caller's network. */
function useNetworkFigures(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.figures,
    queryFn: () => api.post<AdminDashboardAnswer>('/admin/dashboard'),
    enabled,
  });
}

function Stat({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <Card className="admin-card" data-testid={testId}>
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value">{value}</p>
      {note && <p className="admin-stat__note">{note}</p>}
    </Card>
  );
}

/**
 * The dashboard's network figures (issue 12), for admins and the distributor tiers: users by
 * role and status, wallet float, today's volume and payouts; for admins the queues waiting on
 * them. Links to the network screens.
 */
export function NetworkFigures() {
  const { t } = useTranslation('dashboard');
  const { kind, services } = useAdminUser();
  const viewer = kind !== undefined && canUseMenuItem(kind, 'network', services);
  const figures = useNetworkFigures(viewer);
  if (!viewer) return null;
  if (figures.isPending) {
    return (
      <Card className="admin-card">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (figures.isError) return <Alert type="warning" showIcon title={figures.error.message} />;
  const data = figures.data;
  const users = data.usersByRole.reduce((sum, entry) => sum + entry.active + entry.blocked, 0);
  const payouts = data.payoutsToday.reduce((sum, entry) => sum + entry.count, 0);

  return (
    <section className="dashboard__network" aria-label={t('network.label')}>
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          testId="figure-users"
          label={data.scope === 'everyone' ? t('network.users') : t('network.usersInNetwork')}
          value={String(users)}
        />
        <Stat
          testId="figure-float"
          label={t('network.float')}
          value={formatRupees(data.walletFloat)}
          note={t('network.floatNote')}
        />
        <Stat
          testId="figure-volume"
          label={t('network.volume')}
          value={formatRupees(data.todayVolume)}
          note={t('network.volumeNote')}
        />
        <Stat testId="figure-payouts" label={t('network.payoutsToday')} value={String(payouts)} />
      </div>
      <div className="admin-grid admin-grid--2">
        <Card
          className="admin-card"
          title={
            <Typography.Title level={2} className="dashboard__section-title">
              {t('network.usersByRole')}
            </Typography.Title>
          }
          extra={<Link to={AppPath.network}>{t('network.network')}</Link>}
        >
          <ul className="dashboard__counts">
            {data.usersByRole.map((entry) => (
              <li key={entry.role}>
                <Tag color={roleColor(entry.role)}>{roleLabel(entry.role)}</Tag>
                <span>
                  {entry.blocked > 0
                    ? t('network.activeBlocked', { active: entry.active, blocked: entry.blocked })
                    : t('network.active', { active: entry.active })}
                </span>
              </li>
            ))}
          </ul>
          <Link to={AppPath.merchantList}>{t('network.merchantList')}</Link>
        </Card>
        <Card
          className="admin-card"
          title={
            <Typography.Title level={2} className="dashboard__section-title">
              {data.queues ? t('network.waitingOnYou') : t('network.payoutsToday')}
            </Typography.Title>
          }
          extra={data.queues && <Link to={AppPath.adminAccount}>{t('network.adminAccount')}</Link>}
        >
          <ul className="dashboard__counts">
            {data.queues && (
              <>
                <li data-testid="queue-kyc">
                  <Link to={AppPath.kycApprovals}>{t('network.queues.kyc')}</Link>
                  <b>{data.queues.kycWaiting}</b>
                </li>
                <li data-testid="queue-aeps">
                  <Link to={AppPath.aepsApprovals}>{t('network.queues.aeps')}</Link>
                  <b>{data.queues.aepsAccountsPending}</b>
                </li>
                <li data-testid="queue-fund-requests">
                  <Link to={AppPath.paymentApproval}>{t('network.queues.fundRequests')}</Link>
                  <b>{data.queues.fundRequestsWaiting}</b>
                </li>
                <li data-testid="queue-approvals">
                  <Link to={AppPath.approvals}>{t('network.queues.approvals')}</Link>
                  <b>{data.queues.approvalsWaiting}</b>
                </li>
                <li data-testid="queue-stuck">
                  <Link to={AppPath.transactionReport}>
                    {t('network.queues.stuck', { minutes: STUCK_PAYOUT_MINUTES })}
                  </Link>
                  <b>{data.queues.stuckPayouts}</b>
                </li>
              </>
            )}
            {!data.queues && data.fundRequestsWaiting !== undefined && (
              <li data-testid="queue-fund-requests">
                <Link to={AppPath.paymentApproval}>{t('network.queues.fundRequests')}</Link>
                <b>{data.fundRequestsWaiting}</b>
              </li>
            )}
            {data.payoutsToday.map((entry) => (
              <li key={entry.status}>
                <span>{t(PAYOUT_STATUS_KEYS[entry.status])}</span>
                <b>
                  {entry.count} · {formatRupees(entry.amount)}
                </b>
              </li>
            ))}
            {!data.queues && data.payoutsToday.length === 0 && <li>{t('network.noneToday')}</li>}
          </ul>
        </Card>
      </div>
    </section>
  );
}
