import { Avatar, Button, Tooltip } from 'antd';
import { Link } from 'react-router-dom';
import { showsAepsBalance, showsLienAndSecurity, welcomeText } from '@khata/domain';
import { AppPath } from '../../app/paths';
import { useLogout } from '../../features/auth/session/useLogout';
import { useBalance } from '../../features/admin/balance/api';
import { AvailableBalance } from '../../features/admin/balance/AvailableBalance';
import { formatRupees } from '../../features/admin/common/money';
import type { LiveStatus } from '../../features/admin/realtime/liveUpdates';
import { useLiveChannel } from '../../features/admin/realtime/useLiveUpdates';
import { useAdminUser } from '../../features/admin/session/adminUser';
import { LogoutIcon, MenuIcon, RefreshIcon } from './icons';

export interface AdminTopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuId: string;
}

const LIVE_WORDS: Record<LiveStatus, string> = {
  live: 'Live: your balance updates by itself',
  connecting: 'Connecting for live updates…',
  offline: 'Live updates are off: use refresh to see the latest balance',
};

/**
 * Spec §2 and §6: welcome text, balance with refresh (lien and security for employee 2, and its
 * AEPS balance, issue 26), logout.
 */
export function AdminTopBar({ menuOpen, onOpenMenu, menuId }: AdminTopBarProps) {
  const { profile, kind, services } = useAdminUser();
  const { status: live, expectLogout } = useLiveChannel();
  const balance = useBalance(kind);
  const logout = useLogout();
  const firstLetter = profile.name.trim().charAt(0).toUpperCase() || 'K';
  const lienAndSecurity = kind !== undefined && showsLienAndSecurity(kind);
  // Issue 26: a shop that earns or settles an AEPS balance sees it beside the wallet.
  const aeps = showsAepsBalance(kind, services);

  return (
    <header className="admin-topbar">
      <Button
        className="admin-topbar__menu-button"
        type="text"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        icon={<MenuIcon />}
        onClick={onOpenMenu}
      />
      <Link to={AppPath.adminDashboard} className="admin-brand" aria-label="Khata dashboard">
        <span className="admin-brand__logo" aria-hidden="true">
          K
        </span>
        <span className="admin-brand__name">Khata</span>
      </Link>

      <p className="admin-topbar__welcome">
        Welcome, <strong data-testid="welcome-name">{welcomeText(kind, profile.name)}</strong>
      </p>

      <div className="admin-topbar__money" aria-live="polite">
        <div className="admin-balance">
          <span className="admin-balance__label">
            Balance
            <Tooltip title={LIVE_WORDS[live]}>
              <span
                className={`admin-balance__live admin-balance__live--${live}`}
                role="img"
                aria-label={LIVE_WORDS[live]}
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
                <dt>AEPS</dt>
                <dd data-testid="topbar-aeps">{formatRupees(balance.data.aepsBalance ?? 0)}</dd>
              </div>
            )}
            {lienAndSecurity && (
              <>
                <div>
                  <dt>Lien</dt>
                  <dd data-testid="topbar-lien">{formatRupees(balance.data.lienAmount ?? 0)}</dd>
                </div>
                <div>
                  <dt>Security</dt>
                  <dd data-testid="topbar-security">
                    {formatRupees(balance.data.securityAmount ?? 0)}
                  </dd>
                </div>
              </>
            )}
          </dl>
        )}
        <Tooltip title="Refresh balance">
          <Button
            type="text"
            shape="circle"
            aria-label="Refresh balance"
            icon={<RefreshIcon />}
            loading={balance.isFetching}
            onClick={() => void balance.refetch()}
          />
        </Tooltip>
      </div>

      <div className="admin-topbar__account">
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
          <span className="admin-topbar__logout-text">Logout</span>
        </Button>
      </div>
    </header>
  );
}
