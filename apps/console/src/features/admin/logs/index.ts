// Logs (issue 14): the audit log screen, the public entry of the feature.
export { LogsPage } from './LogsPage';
