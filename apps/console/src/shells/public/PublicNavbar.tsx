import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { SessionMenu } from '../../features/auth/session/SessionMenu';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { BrandMark } from './BrandMark';
import { navbarItems } from './navigation';

const drawerId = 'public-nav-drawer';

/**
 * The public navbar; on a phone its links open in a drawer. The drawer is the browser's own
 * modal `<dialog>` (not antd's Drawer, which would put antd in every public first load): it
 * keeps the focus inside while open, closes on Escape, makes the page behind it inert, and
 * gives the focus back to the menu button when it closes.
 */
export function PublicNavbar() {
  const { t } = useTranslation('public');
  const drawer = useRef<HTMLDialogElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => drawer.current?.close();

  return (
    <header className="public-navbar">
      <div className="public-navbar__inner">
        <BrandMark />

        <nav className="public-navbar__links" aria-label={t('navbar.main')}>
          {navbarItems.map((item) => (
            <NavLink key={item.to} to={item.to} className="public-navbar__link">
              {item.label(t)}
            </NavLink>
          ))}
        </nav>

        <div className="public-navbar__actions">
          <SessionMenu placement="bar" />
        </div>

        <LanguageSwitch className="public-navbar__language" />

        <button
          ref={menuButton}
          type="button"
          className="public-navbar__menu-button"
          aria-label={t('navbar.openMenu')}
          aria-haspopup="dialog"
          aria-controls={drawerId}
          onClick={() => drawer.current?.showModal()}
        >
          <MenuIcon />
        </button>
      </div>

      <dialog
        ref={drawer}
        id={drawerId}
        className="public-drawer"
        aria-label={t('navbar.menu')}
        // A click on the backdrop reaches the dialog itself; one inside reaches a child.
        onClick={(event) => {
          if (event.target === event.currentTarget) closeMenu();
        }}
        onClose={() => menuButton.current?.focus()}
      >
        <div className="public-drawer__panel">
          <div className="public-drawer__header">
            <button
              type="button"
              className="public-drawer__close"
              aria-label={t('navbar.closeMenu')}
              onClick={closeMenu}
            >
              <CloseIcon />
            </button>
            <BrandMark onNavigate={closeMenu} />
          </div>
          <div className="public-drawer__body">
            <nav aria-label={t('navbar.mainMenu')}>
              <ul className="public-drawer__list">
                {navbarItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className="public-drawer__link" onClick={closeMenu}>
                      {item.label(t)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="public-drawer__actions">
              <SessionMenu placement="drawer" onNavigate={closeMenu} />
            </div>
          </div>
        </div>
      </dialog>
    </header>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 6h18M3 12h18M3 18h18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
