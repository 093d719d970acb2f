import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MENU } from '@khata/domain';
import { useMenuLabel } from '../../../shells/admin/menuLabels';
import { useAdminUser } from '../session/adminUser';
import { AdminStatus } from './AdminStatus';
import { NotYours } from './RequireMenuItem';

/**
 * Unknown admin paths. Sidebar screens that are not built yet say so plainly to whom the
 * sidebar gives them, and refuse like any other screen to whom it does not.
 */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin-common');
  const menuLabel = useMenuLabel();
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
        title={t('notFound.comingSoon.title', { screen: menuLabel(planned) })}
        message={t('notFound.comingSoon.message')}
      />
    );
  }
  return <AdminStatus status={404} title={t('notFound.title')} message={t('notFound.message')} />;
}
