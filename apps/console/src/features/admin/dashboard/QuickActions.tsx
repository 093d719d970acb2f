import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayPayOut, type MenuItemKey } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { useAdminUser } from '../session/adminUser';

interface Action {
  to: string;
  label: string;
  description: string;
}

/**
 * Built screens of the sidebar worth a shortcut: the keys of their name (English: the menu's
 * label, libs/domain menu.ts) and of a line on what each does.
 */
const QUICK_LABELS = {
  walletTransfer: 'quick.walletTransfer.label',
  aepsSettlement: 'quick.aepsSettlement.label',
  transactionReport: 'quick.transactionReport.label',
  ledgerReport: 'quick.ledgerReport.label',
  controlPanel: 'quick.controlPanel.label',
} as const satisfies Partial<Record<MenuItemKey, string>>;

const QUICK_DESCRIPTIONS = {
  walletTransfer: 'quick.walletTransfer.description',
  aepsSettlement: 'quick.aepsSettlement.description',
  transactionReport: 'quick.transactionReport.description',
  ledgerReport: 'quick.ledgerReport.description',
  controlPanel: 'quick.controlPanel.description',
} as const satisfies Record<keyof typeof QUICK_LABELS, string>;

function isQuick(key: MenuItemKey): key is keyof typeof QUICK_LABELS {
  return Object.hasOwn(QUICK_LABELS, key);
}

/** What the user can do from here: their sidebar's main screens, and bank payouts. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const { menu, services, kind } = useAdminUser();
  const actions: Action[] = menu.flatMap((item) =>
    isQuick(item.key)
      ? [
          {
            to: item.path,
            label: t(QUICK_LABELS[item.key]),
            description: t(QUICK_DESCRIPTIONS[item.key]),
          },
        ]
      : [],
  );
  // Bank payouts have no sidebar row in the spec's table; whoever holds the payout service
  // reaches them from here (and admins, who make the unlimited payout).
  if (mayPayOut(kind, services)) {
    actions.splice(1, 0, {
      to: AppPath.bankPayout,
      label: t('quick.bankPayout.label'),
      description: t('quick.bankPayout.description'),
    });
  }
  if (actions.length === 0) return null;

  return (
    <nav className="dashboard__actions" aria-label={t('quick.label')}>
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
