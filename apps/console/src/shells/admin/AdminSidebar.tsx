import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAdminUser } from '../../features/admin/session/adminUser';
import { useMenuLabel } from './menuLabels';

export interface AdminSidebarProps {
  /** Runs after a link is chosen, e.g. to close the phone drawer. */
  onNavigate?: () => void;
}

/**
 * The sidebar of spec §6: libs/domain's menu for this role and its services, in the spec's
 * order. The same table guards the API, so the menu never offers a call the API refuses.
 */
export function AdminSidebar({ onNavigate }: AdminSidebarProps) {
  const { t } = useTranslation('shell');
  const { menu } = useAdminUser();
  const label = useMenuLabel();
  return (
    <nav className="admin-sidebar" aria-label={t('sidebar.label')}>
      <ul className="admin-sidebar__list">
        {menu.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.path}
              className="admin-sidebar__link"
              data-menu-item={item.key}
              onClick={onNavigate}
            >
              {label(item)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
