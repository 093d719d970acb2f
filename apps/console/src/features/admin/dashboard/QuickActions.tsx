import { Card } from 'antd';
import { Link } from 'react-router-dom';
import { mayPayOut, type MenuItemKey } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { useAdminUser } from '../session/adminUser';

interface Action {
  to: string;
  label: string;
  description: string;
}

/** Built screens of the sidebar worth a shortcut, with a line on what each does. */
const MENU_ACTIONS: Partial<Record<MenuItemKey, string>> = {
  walletTransfer: 'Send money to another Khata wallet by mobile number.',
  aepsSettlement: 'Move your AEPS balance to your approved bank account.',
  transactionReport: 'Every transaction with its receipt.',
  ledgerReport: 'Your statement with the balance after each entry.',
  controlPanel: 'Change your PIN and manage your sign-ins.',
};

/** What the user can do from here: their sidebar's main screens, and bank payouts. */
export function QuickActions() {
  const { menu, services, kind } = useAdminUser();
  const actions: Action[] = menu.flatMap((item) => {
    const description = MENU_ACTIONS[item.key];
    return description ? [{ to: item.path, label: item.label, description }] : [];
  });
  // Bank payouts have no sidebar row in the spec's table; whoever holds the payout service
  // reaches them from here (and admins, who make the unlimited payout).
  if (mayPayOut(kind, services)) {
    actions.splice(1, 0, {
      to: AppPath.bankPayout,
      label: 'Bank Payout',
      description: 'Pay a saved beneficiary by IMPS or NEFT.',
    });
  }
  if (actions.length === 0) return null;

  return (
    <nav className="dashboard__actions" aria-label="Quick actions">
      {actions.map((action) => (
        <Link key={action.to} to={action.to} className="dashboard__action">
          <Card className="admin-card" size="small" hoverable>
            <p className="dashboard__action-label">{action.label}</p>
            <p className="dashboard__action-text">{action.description}</p>
          </Card>
        </Link>
      ))}
    </nav>
  );
}
