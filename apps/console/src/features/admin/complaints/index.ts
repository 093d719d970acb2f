// Complaints (issue 14): Customer Support, My Complaints and the admins' Help & Support.
export { RaiseTicketPage, TRANSACTION_PARAM } from './RaiseTicketPage';
export { MyComplaintsPage } from './MyComplaintsPage';
export { ComplaintsPage } from './ComplaintsPage';
export { refreshAfterComplaint } from './api';
// BBPS complaints (issue 27): the receipt and the bill report wire BbpsComplaintButton.
export { BbpsComplaintButton, BbpsComplaintModal, type BbpsComplaintPayment } from './bbps';
