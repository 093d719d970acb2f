export { PaymentApprovalPage } from './PaymentApprovalPage';
export { PaymentRequestPage } from './PaymentRequestPage';
export { refreshAfterFundRequestUpdate } from './api';
