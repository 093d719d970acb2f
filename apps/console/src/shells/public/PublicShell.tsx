import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { PublicFooter } from './PublicFooter';
import { PublicNavbar } from './PublicNavbar';
import './public-shell.css';

/** The public shell of spec §2: every path outside /admin and /partner. */
export function PublicShell() {
  const navigating = useNavigation().state === 'loading';
  return (
    <div className="public-shell">
      <a className="public-shell__skip" href="#main">
        Skip to content
      </a>
      {navigating && (
        <div className="public-shell__progress" role="progressbar" aria-label="Loading page" />
      )}
      <PublicNavbar />
      <main id="main" className="public-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <PublicFooter />
      <ScrollRestoration />
    </div>
  );
}
