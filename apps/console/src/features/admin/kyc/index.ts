// The KYC screens (issue 12): the user's own, the admins' queue, and the dashboard's notice.
export { KycPage } from './KycPage';
export { KycApprovalsPage } from './KycApprovalsPage';
export { KycNotice } from './KycNotice';
export { refreshAfterKycUpdate } from './api';
export { NoPanNotice } from './PanTask';
export { KycStateTag } from './KycStateTag';
