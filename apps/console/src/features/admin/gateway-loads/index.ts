/* Issue 28: wallet loads through a payment gateway (Pay10, Finkeda, Paycel) and their tracker rows. */
export { FinkedaPage, Pay10PaymentsPage, PaycelHistoryPage } from './pages';
export { PgTrackerSection } from './PgTrackerSection';
