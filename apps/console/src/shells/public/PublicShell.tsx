import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatch, useNavigation } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { RouteProgress } from '../../ui/RouteProgress';
import { CallbackBox } from './callback/CallbackBox';
import { HelpButtons } from './help/HelpButtons';
import { PublicFooter } from './PublicFooter';
import { PublicNavbar } from './PublicNavbar';
import './public-shell.css';

/** The public shell of spec §2: every path outside /admin and /partner. */
export function PublicShell() {
  const { t } = useTranslation('public');
  const navigating = useNavigation().state === 'loading';
  // The contact page shows the call-back form in its own body; a second copy would repeat it.
  const onContactPage = useMatch(AppPath.contactUs) !== null;
  return (
    <div className="public-shell">
      <a className="public-shell__skip" href="#main">
        {t('shell.skipToContent')}
      </a>
      {navigating && <RouteProgress />}
      <PublicNavbar />
      <main id="main" className="public-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      {!onContactPage && (
        <aside className="public-shell__callback" aria-label={t('callback.title')}>
          {/* A plain form (no antd), in the shell's own chunk: nothing more to download. */}
          <CallbackBox />
        </aside>
      )}
      <PublicFooter />
      <HelpButtons />
      <ScrollRestoration />
    </div>
  );
}
