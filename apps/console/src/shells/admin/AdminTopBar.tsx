import { Avatar, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { showsAepsBalance, showsLienAndSecurity } from '@khata/domain';
import { AppPath } from '../../app/paths';
import { useLogout } from '../../features/auth/session/useLogout';
import { useBalance } from '../../features/admin/balance/api';
import { AvailableBalance } from '../../features/admin/balance/AvailableBalance';
import { welcomeName } from '../../features/admin/common/labels';
import { formatRupees } from '../../features/admin/common/money';
import type { LiveStatus } from '../../features/admin/realtime/liveUpdates';
import { useLiveChannel } from '../../features/admin/realtime/useLiveUpdates';
import { useAdminUser } from '../../features/admin/session/adminUser';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { LogoutIcon, MenuIcon, RefreshIcon } from './icons';

export interface AdminTopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuId: string;
}

const LIVE_KEYS = {
  live: 'topBar.live.live',
  connecting: 'topBar.live.connecting',
  offline: 'topBar.live.offline',
} as const satisfies Record<LiveStatus, string>;

/**
 * Spec §2 and §6: welcome text, balance with refresh (lien and security for employee 2, and its
 * AEPS balance, issue 26), logout.
 */
export function AdminTopBar({ menuOpen, onOpenMenu, menuId }: AdminTopBarProps) {
  const { t } = useTranslation('shell');
  const { profile, kind, services } = useAdminUser();
  const { status: live, expectLogout } = useLiveChannel();
  const balance = useBalance(kind);
  const logout = useLogout();
  const firstLetter = profile.name.trim().charAt(0).toUpperCase() || 'K';
  const lienAndSecurity = kind !== undefined && showsLienAndSecurity(kind);
  // Issue 26: a shop that earns or settles an AEPS balance sees it beside the wallet.
  const aeps = showsAepsBalance(kind, services);
  const liveWords = t(LIVE_KEYS[live]);

  return (
    <header className="admin-topbar">
      <Button
        className="admin-topbar__menu-button"
        type="text"
        aria-label={t('topBar.openMenu')}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        icon={<MenuIcon />}
        onClick={onOpenMenu}
      />
      <Link to={AppPath.adminDashboard} className="admin-brand" aria-label={t('topBar.brand')}>
        <span className="admin-brand__logo" aria-hidden="true">
          K
        </span>
        <span className="admin-brand__name">{t('topBar.brandName')}</span>
      </Link>

      <p className="admin-topbar__welcome">
        {t('topBar.welcome')}{' '}
        <strong data-testid="welcome-name">{welcomeName(t, kind, profile.name)}</strong>
      </p>

      <div className="admin-topbar__money" aria-live="polite">
        <div className="admin-balance">
          <span className="admin-balance__label">
            {t('topBar.balance')}
            <Tooltip title={liveWords}>
              <span
                className={`admin-balance__live admin-balance__live--${live}`}
                role="img"
                aria-label={liveWords}
              />
            </Tooltip>
          </span>
          <span className="admin-balance__value" data-testid="topbar-balance">
            {balance.data ? formatRupees(balance.data.balance) : balance.isError ? '—' : '…'}
          </span>
          <AvailableBalance onlyWithCredit className="admin-balance__available" />
        </div>
        {(lienAndSecurity || aeps) && balance.data && (
          <dl
            className={`admin-balance__extra${aeps && lienAndSecurity ? ' admin-balance__extra--three' : ''}`}
          >
            {aeps && (
              <div>
                <dt>{t('topBar.aeps')}</dt>
                <dd data-testid="topbar-aeps">{formatRupees(balance.data.aepsBalance ?? 0)}</dd>
              </div>
            )}
            {lienAndSecurity && (
              <>
                <div>
                  <dt>{t('topBar.lien')}</dt>
                  <dd data-testid="topbar-lien">{formatRupees(balance.data.lienAmount ?? 0)}</dd>
                </div>
                <div>
                  <dt>{t('topBar.security')}</dt>
                  <dd data-testid="topbar-security">
                    {formatRupees(balance.data.securityAmount ?? 0)}
                  </dd>
                </div>
              </>
            )}
          </dl>
        )}
        <Tooltip title={t('topBar.refreshBalance')}>
          <Button
            type="text"
            shape="circle"
            aria-label={t('topBar.refreshBalance')}
            icon={<RefreshIcon />}
            loading={balance.isFetching}
            onClick={() => void balance.refetch()}
          />
        </Tooltip>
      </div>

      <div className="admin-topbar__account">
        <LanguageSwitch className="admin-topbar__language" />
        <Avatar
          className="admin-topbar__avatar"
          src={profile.userProfile ?? undefined}
          alt=""
          size={32}
        >
          {firstLetter}
        </Avatar>
        <Button
          className="admin-topbar__logout"
          icon={<LogoutIcon />}
          loading={logout.isPending}
          onClick={() => {
            expectLogout();
            logout.mutate();
          }}
        >
          <span className="admin-topbar__logout-text">{t('topBar.logout')}</span>
        </Button>
      </div>
    </header>
  );
}
