/*
 * Issue 27: the BBPS screens, and what other parts of the issue use: the receipt modal (the
 * bill payment report's rows) and the payment's DTO.
 */
export { BbpsReceiptModal, type BbpsReceiptModalProps } from './BbpsReceiptModal';
export { bbpsKeys, type BbpsPaymentDto, useBbpsPayment } from './api';
export { inFlight as bbpsInFlight } from './format';
export { bbpsStatus } from './words';
export { CcBillsPaymentPage } from './pages/CcBillsPaymentPage';
export { DhbvnBillPage } from './pages/DhbvnBillPage';
export { NewBbpsPage } from './pages/NewBbpsPage';
export { UtilityServicePage } from './pages/UtilityServicePage';
