import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { balanceCall } from '@khata/domain';
import { ApiError } from '../../api/client';
import { AppLoading } from '../../app/AppLoading';
import { AppPath } from '../../app/paths';
import { RouteProgress } from '../../ui/RouteProgress';
import type { Profile } from '../../features/auth/api';
import { endSession } from '../../features/auth/session/session';
import { PartnerPath } from '../../features/auth/session/signedInPaths';
import { useSession } from '../../features/auth/session/useSession';
import { useSessionToken } from '../../features/auth/session/sessionToken';
import { useSessionDayEnd } from '../../features/auth/session/useSessionDayEnd';
import { useBalance } from '../../features/admin/balance/api';
import { SetCredentialsScreen, temporaryCredentialsOf } from '../../features/admin/onboarding';
import { LiveChannelContext, useLiveUpdates } from '../../features/admin/realtime/useLiveUpdates';
import { AdminUserContext, adminUserOf } from '../../features/admin/session/adminUser';
import { StatusPage } from '../../ui/StatusPage';
import { AdminSidebar } from './AdminSidebar';
import { AdminTopBar } from './AdminTopBar';
import { TermsGate } from './TermsGate';
import './admin-shell.css';

const drawerId = 'admin-menu-drawer';

/**
 * The admin area's layout (spec §2, §4, §6). The user data loads first (spec §4): without a
 * token, or when the API says "Please login to continue", the session is cleared and the user
 * goes to /login; a revoked session (2211) is handled by the session layer.
 */
export function AdminShell() {
  const session = useSession();
  if (session.status === 'signedOut') return <Navigate to={AppPath.login} replace />;
  // A temporary password or PIN (code 4031): nothing of the admin area until they are set.
  const temporary = temporaryCredentialsOf(session.error);
  if (temporary) return <SetCredentialsScreen temporary={temporary} />;
  if (session.status === 'error') return <SessionLoadError error={session.error} />;
  if (!session.profile) return <AppLoading />;
  return <AdminLayout profile={session.profile} />;
}

function SessionLoadError({ error }: { error: Error | null }) {
  // "Please login to continue" (401 without a code): the token is no good, forget it. Once
  // it is gone the shell sees a signed-out session and goes to /login.
  const mustSignIn = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (mustSignIn) endSession();
  }, [mustSignIn]);
  const { t } = useTranslation('shell');
  if (mustSignIn) return <AppLoading />;
  return (
    <StatusPage
      status={error instanceof ApiError && error.status ? error.status : 503}
      title={t('loadError.title')}
      message={error?.message ?? t('loadError.message')}
    />
  );
}

function AdminLayout({ profile }: { profile: Profile }) {
  const { t } = useTranslation('shell');
  const base = adminUserOf(profile);
  const balance = useBalance(base.kind);
  const services = balance.data?.services;
  const user = useMemo(() => adminUserOf(profile, services), [profile, services]);
  const live = useLiveUpdates(user.kind && balanceCall(user.kind));
  useSessionDayEnd(useSessionToken());
  const [menuOpen, setMenuOpen] = useState(false);
  const navigating = useNavigation().state === 'loading';
  const closeMenu = () => setMenuOpen(false);

  // Partners have an area of their own (spec §6).
  if (user.kind === 'partner') return <Navigate to={PartnerPath.dashboard} replace />;

  return (
    <AdminUserContext value={user}>
      <LiveChannelContext value={live}>
        <div className="admin-shell">
          <a className="admin-shell__skip" href="#admin-main">
            {t('skipToContent')}
          </a>
          {navigating && <RouteProgress />}
          <AdminTopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuId={drawerId} />
          <div className="admin-shell__body">
            <aside className="admin-shell__sidebar">
              <AdminSidebar />
            </aside>
            <main id="admin-main" className="admin-shell__main" tabIndex={-1}>
              <Outlet />
            </main>
          </div>
          <Drawer
            id={drawerId}
            title={t('drawer.title')}
            placement="left"
            size={280}
            open={menuOpen}
            onClose={closeMenu}
            classNames={{ body: 'admin-drawer__body' }}
            footer={
              <Button block onClick={closeMenu}>
                {t('drawer.close')}
              </Button>
            }
          >
            <AdminSidebar onNavigate={closeMenu} />
          </Drawer>
          <TermsGate />
          <ScrollRestoration />
        </div>
      </LiveChannelContext>
    </AdminUserContext>
  );
}
