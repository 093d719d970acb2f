// The admins' AEPS account approval queue (issue 12).
export { AepsApprovalsPage } from './AepsApprovalsPage';
