import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notYoursMessage, type MenuItemKey } from '@khata/domain';
import { useAdminUser } from '../session/adminUser';
import { AdminStatus } from './AdminStatus';

/** The 403 of a screen the signed-in role may not open; whom to ask fits the role (libs/domain). */
export function NotYours() {
  const { t } = useTranslation('admin-common');
  const { kind } = useAdminUser();
  return <AdminStatus status={403} title={t('notYours.title')} message={notYoursMessage(kind)} />;
}

/**
 * A screen of the sidebar opens only for whom the sidebar shows it (libs/domain's table, the
 * same one the API guards with), so a typed address does not lead to a screen of refusals.
 */
export function RequireMenuItem({ item, children }: { item: MenuItemKey; children: ReactNode }) {
  const { menu } = useAdminUser();
  if (!menu.some((entry) => entry.key === item)) return <NotYours />;
  return children;
}
