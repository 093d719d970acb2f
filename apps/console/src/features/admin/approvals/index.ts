// The admins' four-eyes queue (issue 31): money waiting for a second admin.
export { ApprovalsPage } from './ApprovalsPage';
