// Issue 14: payment operations (admins) and the payment tracker (the whole admin area).
export { PaymentOperationsPage } from './PaymentOperationsPage';
export { PaymentTrackerPage } from './PaymentTrackerPage';
