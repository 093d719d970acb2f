// Notices (issue 14): the admins' Post Notice screen and the dashboard's notices.
export { PostNoticePage } from './PostNoticePage';
export { DashboardNotices } from './DashboardNotices';
export { refreshAfterNotice } from './api';
