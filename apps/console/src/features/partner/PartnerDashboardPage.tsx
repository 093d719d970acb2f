import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePartnerBalance } from './api';
import { ApiKeysCard } from './ApiKeysCard';
import { rupees } from './format';
import { RecentPayouts } from './RecentPayouts';
import { WebhookCard } from './WebhookCard';
import './partner.css';

/** /partner/dashboard: the wallet, the latest payouts, API keys and the webhook. */
export function PartnerDashboardPage() {
  const { t } = useTranslation('partner');
  usePageTitle(t('dashboard.pageTitle'));
  const balance = usePartnerBalance();
  return (
    <div className="partner-dashboard">
      <h1 className="partner-dashboard__title">{t('dashboard.title')}</h1>
      <div className="partner-dashboard__grid">
        <Card className="partner-card partner-card--balance">
          <Statistic
            title={t('dashboard.walletBalance')}
            value={balance.data ? rupees(balance.data.balance) : '…'}
            valueRender={(node) => <span data-testid="partner-wallet">{node}</span>}
          />
        </Card>
        <RecentPayouts />
        <ApiKeysCard />
        <WebhookCard />
      </div>
    </div>
  );
}
