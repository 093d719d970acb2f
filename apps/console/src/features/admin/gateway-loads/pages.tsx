import { PgLoadScreen } from './PgLoadScreen';

/** Issue 28: /admin/pay10Payments, a wallet load through Pay10 (UPI, card, net banking). */
export function Pay10PaymentsPage() {
  return (
    <PgLoadScreen
      gateway="pay10"
      title="Load Wallet (Pay10)"
      intro="Add money to your wallet at once by UPI, card or net banking through Pay10. The charge is shown before you pay."
      historyTitle="Your loads through Pay10"
    />
  );
}

/** Issue 28: /admin/finkeda, a card-funded wallet load through Finkeda. */
export function FinkedaPage() {
  return (
    <PgLoadScreen
      gateway="finkeda"
      title="Load Wallet by Card (Finkeda)"
      intro="Fund your wallet from a debit or credit card through Finkeda. The charge is shown before you pay."
      historyTitle="Your card loads through Finkeda"
    />
  );
}

/** Issue 28: /admin/paycelHistory, Paycel's loads and their history. */
export function PaycelHistoryPage() {
  return (
    <PgLoadScreen
      gateway="paycel"
      title="Paycel Loads"
      intro="Load your wallet through Paycel, and every Paycel load with its status."
      historyTitle="Paycel load history"
    />
  );
}
