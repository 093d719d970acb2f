import { ControlPanelPage } from '../control-panel/ControlPanelPage';
import { useAdminUser } from '../session/adminUser';
import { CompanyAccountPage } from './CompanyAccountPage';

/**
 * /admin/adminAccount is two screens by role: the spec's Control Panel item for employees
 * (libs/domain menu.ts) and issue 12's company accounts for admins, who have no Control Panel
 * item. Everyone else gets the Control Panel page's own refusal.
 */
export function AdminAccountPage() {
  const { kind } = useAdminUser();
  return kind === 'admin' ? <CompanyAccountPage /> : <ControlPanelPage />;
}
