import { useEffect } from 'react';
import { Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { Navigate, NavLink, Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { AppLoading } from '../../app/AppLoading';
import { AppPath } from '../../app/paths';
import { authApi, type Profile } from '../../features/auth/api';
import { endSession } from '../../features/auth/session/session';
import { SignedInPath } from '../../features/auth/session/signedInPaths';
import { useSession } from '../../features/auth/session/useSession';
import { SetCredentialsScreen, temporaryCredentialsOf } from '../../features/admin/onboarding';
import { AdminUserContext, adminUserOf, kindOfRole } from '../../features/admin/session/adminUser';
import { rupees, usePartnerBalance } from '../../features/partner';
import { StatusPage } from '../../ui/StatusPage';
import './partner-shell.css';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';

/**
 * The partner area's layout (/partner): a header with the business, the wallet and logout,
 * and no admin sidebar. Signed out: the partner door; signed in as anyone else: their area.
 */
export function PartnerShell() {
  const { t } = useTranslation('partner');
  const session = useSession();
  const mustSignIn =
    session.status === 'error' && session.error instanceof ApiError && session.error.status === 401;
  useEffect(() => {
    if (mustSignIn) endSession();
  }, [mustSignIn]);
  if (session.status === 'signedOut') return <Navigate to={AppPath.partnerLogin} replace />;
  // A new partner's temporary password (code 4031): its own password and PIN first.
  const temporary = temporaryCredentialsOf(session.error);
  if (temporary) return <SetCredentialsScreen temporary={temporary} />;
  if (session.status === 'error' && !mustSignIn) {
    return (
      <StatusPage
        status={503}
        title={t('shell.loadFailed')}
        message={session.error?.message ?? t('shell.checkConnection')}
      />
    );
  }
  if (!session.profile) return <AppLoading />;
  if (kindOfRole(session.profile.role) !== 'partner')
    return <Navigate to={SignedInPath.dashboard} replace />;
  return <PartnerLayout profile={session.profile} />;
}

function PartnerLayout({ profile }: { profile: Profile }) {
  const { t } = useTranslation('partner');
  const navigate = useNavigate();
  const balance = usePartnerBalance();
  const logout = useMutation({
    mutationFn: () => authApi.logout().catch(() => undefined),
    onSettled: () => {
      endSession({ chosen: true });
      void navigate(AppPath.partnerLogin, { replace: true });
    },
  });
  const business = profile.companyDetails?.shopName ?? profile.name;
  // The portal's receipt (shared with the admin area) reads who is signed in from this context;
  // a partner has no admin menu, so it offers nothing beyond the receipt itself.
  const user = useMemo(() => adminUserOf(profile), [profile]);

  return (
    <AdminUserContext value={user}>
      <div className="partner-shell">
        <header className="partner-topbar">
          <div className="partner-topbar__who">
            <span className="partner-topbar__logo" aria-hidden="true">
              K
            </span>
            <div className="partner-topbar__names">
              <strong data-testid="partner-name">{business}</strong>
              <span>{t('shell.who', { name: profile.name })}</span>
            </div>
          </div>
          <div className="partner-topbar__balance">
            <span>{t('shell.wallet')}</span>
            <strong data-testid="partner-topbar-balance">
              {balance.data ? rupees(balance.data.balance) : '…'}
            </strong>
          </div>
          <LanguageSwitch />
          <Button onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('shell.logout')}
          </Button>
          <nav className="partner-topbar__nav" aria-label={t('shell.menu')}>
            <NavLink to={AppPath.partnerDashboard}>{t('shell.dashboard')}</NavLink>
            <NavLink to={AppPath.partnerWebhookDeliveries}>{t('shell.deliveries')}</NavLink>
          </nav>
        </header>
        <main className="partner-shell__main">
          <Outlet />
        </main>
        <ScrollRestoration />
      </div>
    </AdminUserContext>
  );
}
