import { RequireMenuItem } from '../common/RequireMenuItem';
import { TransactionReportView } from './TransactionReportView';

/**
 * Spec §2 /admin/transactionHistory: every transaction the caller's network scope holds (an
 * admin everyone, a distributor its downline, anyone else its own), from the report engine.
 */
export function TransactionReportPage() {
  return (
    <RequireMenuItem item="transactionReport">
      <TransactionReportView
        preset="transactions"
        title="Transaction Report"
        intro="Every transaction you can see, newest first. Open a row for its receipt."
      />
    </RequireMenuItem>
  );
}

/**
 * Spec §2 /admin/transactions (the spec names the route, not the screen): the bank payouts
 * report, the same engine preset to payouts (docs/decisions.md, "Issue 14: transaction reports").
 */
export function PayoutReportPage() {
  return (
    <RequireMenuItem item="transactionReport">
      <TransactionReportView
        preset="payouts"
        title="Bank Payouts"
        intro="Bank payouts with their UTR and status. Open a row for its receipt."
      />
    </RequireMenuItem>
  );
}
