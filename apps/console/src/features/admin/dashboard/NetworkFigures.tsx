import { Alert, Card, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  canUseMenuItem,
  STUCK_PAYOUT_MINUTES,
  TRANSACTION_STATUS_LABELS,
  type AdminDashboardAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';
import { AppPath } from '../../../app/paths';
import { formatRupees } from '../common/money';
import { roleColor, roleLabel } from '../network/labels';
import { useAdminUser } from '../session/adminUser';

export const dashboardKeys = {
  figures: ['dashboard', 'figures'] as const,
};

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
    <section className="dashboard__network" aria-label="Network figures">
      <div className="admin-grid admin-grid--stats admin-grid--4">
        <Stat
          testId="figure-users"
          label={data.scope === 'everyone' ? 'Users' : 'Users in your network'}
          value={String(users)}
        />
        <Stat
          testId="figure-float"
          label="Wallet float"
          value={formatRupees(data.walletFloat)}
          note="Money in wallets"
        />
        <Stat
          testId="figure-volume"
          label="Today's volume"
          value={formatRupees(data.todayVolume)}
          note="Moved out of wallets"
        />
        <Stat testId="figure-payouts" label="Payouts today" value={String(payouts)} />
      </div>
      <div className="admin-grid admin-grid--2">
        <Card
          className="admin-card"
          title={
            <Typography.Title level={2} className="dashboard__section-title">
              Users by role
            </Typography.Title>
          }
          extra={<Link to={AppPath.network}>Network</Link>}
        >
          <ul className="dashboard__counts">
            {data.usersByRole.map((entry) => (
              <li key={entry.role}>
                <Tag color={roleColor(entry.role)}>{roleLabel(entry.role)}</Tag>
                <span>
                  {entry.active} active
                  {entry.blocked > 0 && `, ${entry.blocked} blocked`}
                </span>
              </li>
            ))}
          </ul>
          <Link to={AppPath.merchantList}>Merchant list</Link>
        </Card>
        <Card
          className="admin-card"
          title={
            <Typography.Title level={2} className="dashboard__section-title">
              {data.queues ? 'Waiting on you' : 'Payouts today'}
            </Typography.Title>
          }
          extra={data.queues && <Link to={AppPath.adminAccount}>Admin account</Link>}
        >
          <ul className="dashboard__counts">
            {data.queues && (
              <>
                <li data-testid="queue-kyc">
                  <Link to={AppPath.kycApprovals}>KYC to review</Link>
                  <b>{data.queues.kycWaiting}</b>
                </li>
                <li data-testid="queue-aeps">
                  <Link to={AppPath.aepsApprovals}>AEPS accounts to approve</Link>
                  <b>{data.queues.aepsAccountsPending}</b>
                </li>
                <li data-testid="queue-fund-requests">
                  <Link to={AppPath.paymentApproval}>Payment requests to approve</Link>
                  <b>{data.queues.fundRequestsWaiting}</b>
                </li>
                <li data-testid="queue-approvals">
                  <Link to={AppPath.approvals}>Money waiting for a second admin</Link>
                  <b>{data.queues.approvalsWaiting}</b>
                </li>
                <li data-testid="queue-stuck">
                  <Link to={AppPath.transactionReport}>
                    Payouts stuck over {STUCK_PAYOUT_MINUTES} min
                  </Link>
                  <b>{data.queues.stuckPayouts}</b>
                </li>
              </>
            )}
            {!data.queues && data.fundRequestsWaiting !== undefined && (
              <li data-testid="queue-fund-requests">
                <Link to={AppPath.paymentApproval}>Payment requests to approve</Link>
                <b>{data.fundRequestsWaiting}</b>
              </li>
            )}
            {data.payoutsToday.map((entry) => (
              <li key={entry.status}>
                <span>Payouts {TRANSACTION_STATUS_LABELS[entry.status].toLowerCase()}</span>
                <b>
                  {entry.count} · {formatRupees(entry.amount)}
                </b>
              </li>
            ))}
            {!data.queues && data.payoutsToday.length === 0 && <li>None yet today.</li>}
          </ul>
        </Card>
      </div>
    </section>
  );
}
