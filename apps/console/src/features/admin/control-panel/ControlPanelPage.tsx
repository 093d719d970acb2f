import { Alert, Card, Descriptions } from 'antd';
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
const ACCOUNT_FIELDS: [keyof ControlPanelAccount, string][] = [
  ['balance', 'Balance'],
  ['lienAmount', 'Lien amount'],
  ['securityAmount', 'Security amount'],
  ['totalCredit', 'Total credit'],
  ['totalPayIn', 'Total pay-in'],
  ['totalPayOut', 'Total pay-out'],
  ['openingBalance', 'Opening balance'],
  ['closingBalance', 'Closing balance'],
];

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
  const { profile } = useAdminUser();
  const panel = useControlPanel();
  const account = panel.data?.accountDetails;

  return (
    <AdminPage
      title="Control Panel"
      intro="Your PIN, your password, your sign-ins and your account."
    >
      {panel.isError && <Alert type="error" showIcon title={panel.error.message} />}
      <div className="admin-grid admin-grid--2">
        <ChangePinCard />
        <ChangePasswordCard />
        <LoginHistoryCard logins={panel.data?.logins} loading={panel.isPending} />
      </div>
      <Card className="admin-card" title="Account details" loading={panel.isPending}>
        <AvailableBalance className="control-panel__available" />
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'name', label: 'Name', children: profile.name },
            { key: 'mobile', label: 'Mobile number', children: profile.phoneNumber },
            ...ACCOUNT_FIELDS.filter(([field]) => account?.[field] !== undefined).map(
              ([field, label]) => ({
                key: field,
                label,
                children: <span className="admin-amount">{formatRupees(account?.[field])}</span>,
              }),
            ),
          ]}
        />
      </Card>
    </AdminPage>
  );
}
