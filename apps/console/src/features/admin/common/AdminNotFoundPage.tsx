import { useLocation } from 'react-router-dom';
import { MENU } from '@khata/domain';
import { useAdminUser } from '../session/adminUser';
import { AdminStatus } from './AdminStatus';
import { NotYours } from './RequireMenuItem';

/**
 * Unknown admin paths. Sidebar screens that are not built yet say so plainly to whom the
 * sidebar gives them, and refuse like any other screen to whom it does not.
 */
export function AdminNotFoundPage() {
  const { pathname } = useLocation();
  const { menu } = useAdminUser();
  const planned = MENU.find((item) => item.path === pathname.replace(/\/+$/, ''));
  if (planned && !menu.some((item) => item.key === planned.key)) {
    return <NotYours />;
  }
  if (planned) {
    return (
      <AdminStatus
        status={501}
        title={`${planned.label} is coming soon`}
        message="This screen is not available in Khata yet. Everything else in the menu works as usual."
      />
    );
  }
  return (
    <AdminStatus
      status={404}
      title="Page not found"
      message="There is no such page in the admin area. Check the address, or start again from the dashboard."
    />
  );
}
