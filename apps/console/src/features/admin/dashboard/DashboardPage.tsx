import { useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { BalanceCards } from '../balance/BalanceCards';
import { KycNotice } from '../kyc';
import { DashboardNotices } from '../notices';
import { AdminPage } from '../common/AdminPage';
import { useAdminUser } from '../session/adminUser';
import type { TransactionRecord } from '@khata/domain';
import { useTransactions } from '../transactions/api';
import { ReceiptModal } from '../transactions/ReceiptModal';
import { TransactionTable } from '../transactions/TransactionTable';
import { NetworkFigures } from './NetworkFigures';
import { QuickActions } from './QuickActions';
import './dashboard.css';

const RECENT = { page: 1, pageSize: 5 };

/** Spec §2 /admin/dashboard: balances, what the user can do next, recent transactions. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { menu, profile } = useAdminUser();
  const recent = useTransactions(RECENT);
  const [open, setOpen] = useState<TransactionRecord>();
  const canSeeReport = menu.some((item) => item.key === 'transactionReport');

  return (
    <AdminPage title={t('page.title')} intro={profile.companyDetails.shopName ?? profile.name}>
      <DashboardNotices />
      <KycNotice />
      <BalanceCards />
      <QuickActions />
      <NetworkFigures />
      <Card
        className="admin-card dashboard__recent"
        title={
          <Typography.Title level={2} className="dashboard__section-title">
            {t('recent.title')}
          </Typography.Title>
        }
        extra={canSeeReport && <Link to={AppPath.transactionReport}>{t('recent.viewAll')}</Link>}
      >
        {recent.isError ? (
          <Alert type="warning" showIcon title={recent.error.message} />
        ) : (
          <TransactionTable
            compact
            records={recent.data?.data ?? []}
            loading={recent.isPending}
            onOpen={setOpen}
          />
        )}
      </Card>
      <ReceiptModal id={open?._id} known={open} onClose={() => setOpen(undefined)} />
    </AdminPage>
  );
}
