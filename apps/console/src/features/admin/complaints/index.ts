// Complaints (issue 14): Customer Support, My Complaints and the admins' Help & Support.
export { RaiseTicketPage, TRANSACTION_PARAM } from './RaiseTicketPage';
export { MyComplaintsPage } from './MyComplaintsPage';
export { ComplaintsPage } from './ComplaintsPage';
export { refreshAfterComplaint } from './api';
