import { Alert, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableBalance } from '../balance/AvailableBalance';
import { AdminPage } from '../common/AdminPage';
import { formatRupees } from '../common/money';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
import { useControlPanel, type ControlPanelAccount } from './api';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ChangePinCard } from './ChangePinCard';
import { LoginHistoryCard } from './LoginHistoryCard';
import './control-panel.css';

/** The account details of spec §3 in their order; those the API has not sent are left out. */
const ACCOUNT_FIELDS = {
  balance: 'account.balance',
  lienAmount: 'account.lienAmount',
  securityAmount: 'account.securityAmount',
  totalCredit: 'account.totalCredit',
  totalPayIn: 'account.totalPayIn',
  totalPayOut: 'account.totalPayOut',
  openingBalance: 'account.openingBalance',
  closingBalance: 'account.closingBalance',
} as const satisfies Partial<Record<keyof ControlPanelAccount, string>>;
const ACCOUNT_ORDER = Object.keys(ACCOUNT_FIELDS) as (keyof typeof ACCOUNT_FIELDS)[];

/**
 * Spec §2 control panel (/admin/adminAccount): PIN, password (issue 31), sign-ins, sessions,
 * account details.
 */
export function ControlPanelPage() {
  return (
    <RequireMenuItem item="controlPanel">
      <ControlPanel />
    </RequireMenuItem>
  );
}

function ControlPanel() {
  const { t } = useTranslation('control-panel');
  const { profile } = useAdminUser();
  const panel = useControlPanel();
  const account = panel.data?.accountDetails;

  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      {panel.isError && <Alert type="error" showIcon title={panel.error.message} />}
      <div className="admin-grid admin-grid--2">
        <ChangePinCard />
        <ChangePasswordCard />
        <LoginHistoryCard logins={panel.data?.logins} loading={panel.isPending} />
      </div>
      <Card className="admin-card" title={t('account.title')} loading={panel.isPending}>
        <AvailableBalance className="control-panel__available" />
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'name', label: t('account.name'), children: profile.name },
            { key: 'mobile', label: t('account.mobile'), children: profile.phoneNumber },
            ...ACCOUNT_ORDER.filter((field) => account?.[field] !== undefined).map((field) => ({
              key: field,
              label: t(ACCOUNT_FIELDS[field]),
              children: <span className="admin-amount">{formatRupees(account?.[field])}</span>,
            })),
          ]}
        />
      </Card>
    </AdminPage>
  );
}
