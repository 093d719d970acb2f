import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { NavLink } from 'react-router-dom';
import { SessionMenu } from '../../features/auth/session/SessionMenu';
import { BrandMark } from './BrandMark';
import { navbarItems } from './navigation';

const drawerId = 'public-nav-drawer';

export function PublicNavbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="public-navbar">
      <div className="public-navbar__inner">
        <BrandMark />

        <nav className="public-navbar__links" aria-label="Main">
          {navbarItems.map((item) => (
            <NavLink key={item.to} to={item.to} className="public-navbar__link">
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="public-navbar__actions">
          <SessionMenu placement="bar" />
        </div>

        <Button
          className="public-navbar__menu-button"
          type="text"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={drawerId}
          icon={<MenuIcon />}
          onClick={() => setMenuOpen(true)}
        />
      </div>

      <Drawer
        id={drawerId}
        title={<BrandMark onNavigate={closeMenu} />}
        placement="right"
        size={300}
        open={menuOpen}
        onClose={closeMenu}
        classNames={{ body: 'public-drawer__body' }}
      >
        <nav aria-label="Main menu">
          <ul className="public-drawer__list">
            {navbarItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="public-drawer__link" onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="public-drawer__actions">
          <SessionMenu placement="drawer" onNavigate={closeMenu} />
        </div>
      </Drawer>
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
