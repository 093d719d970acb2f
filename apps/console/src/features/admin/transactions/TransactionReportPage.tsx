import { useTranslation } from 'react-i18next';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { TransactionReportView } from './TransactionReportView';

/**
 * Spec §2 /admin/transactionHistory: every transaction the caller's network scope holds (an
 * admin everyone, a distributor its downline, anyone else its own), from the report engine.
 */
export function TransactionReportPage() {
  const { t } = useTranslation('transactions');
  return (
    <RequireMenuItem item="transactionReport">
      <TransactionReportView
        preset="transactions"
        title={t('page.transactions.title')}
        intro={t('page.transactions.intro')}
      />
    </RequireMenuItem>
  );
}

/**
 * Spec §2 /admin/transactions (the spec names the route, not the screen): the bank payouts
 * report, the same engine preset to payouts (docs/decisions.md, "Issue 14: transaction reports").
 */
export function PayoutReportPage() {
  const { t } = useTranslation('transactions');
  return (
    <RequireMenuItem item="transactionReport">
      <TransactionReportView
        preset="payouts"
        title={t('page.payouts.title')}
        intro={t('page.payouts.intro')}
      />
    </RequireMenuItem>
  );
}
