import { useTranslation } from 'react-i18next';
import { signedOutItems } from '../../../shells/public/navigation';
import { buttonClassName } from '../../../ui/button/button';
import { LinkButton } from '../../../ui/button/LinkButton';
import { SignedInPath } from './signedInPaths';
import { useLogout } from './useLogout';
import { useSession } from './useSession';

export interface SessionMenuProps {
  /** The navbar's row of buttons, or the phone drawer's stacked ones. */
  placement: 'bar' | 'drawer';
  onNavigate?: () => void;
}

/**
 * The public navbar's account menu (spec §2): signed in or signed out. Plain links and a
 * button, not antd's: the navbar is in every public first load.
 */
export function SessionMenu({ placement, onNavigate }: SessionMenuProps) {
  const { t } = useTranslation('auth');
  const { isSignedIn } = useSession();
  const logout = useLogout();
  const inDrawer = placement === 'drawer';
  // In the bar on a narrow phone only the first action shows; the drawer has them all.
  const secondary = inDrawer ? undefined : 'public-navbar__signup';
  const size = inDrawer ? 'large' : 'middle';

  if (!isSignedIn) {
    return (
      <>
        <LinkButton
          variant={inDrawer ? 'default' : 'text'}
          block={inDrawer}
          size={size}
          to={signedOutItems.login.to}
          onNavigate={onNavigate}
        >
          {t('sessionMenu.login')}
        </LinkButton>
        <LinkButton
          className={secondary}
          variant="primary"
          block={inDrawer}
          size={size}
          to={signedOutItems.signup.to}
          onNavigate={onNavigate}
        >
          {t('sessionMenu.signup')}
        </LinkButton>
      </>
    );
  }
  return (
    <>
      <LinkButton
        variant={inDrawer ? 'primary' : 'text'}
        block={inDrawer}
        size={size}
        to={SignedInPath.dashboard}
        onNavigate={onNavigate}
      >
        {t('sessionMenu.dashboard')}
      </LinkButton>
      <LinkButton
        className={secondary}
        variant={inDrawer ? 'default' : 'text'}
        block={inDrawer}
        size={size}
        to={SignedInPath.profile}
        onNavigate={onNavigate}
      >
        {t('sessionMenu.profile')}
      </LinkButton>
      <button
        type="button"
        className={buttonClassName({
          className: secondary,
          block: inDrawer,
          size,
          loading: logout.isPending,
        })}
        aria-busy={logout.isPending}
        onClick={() => {
          onNavigate?.();
          logout.mutate();
        }}
      >
        {t('sessionMenu.logout')}
      </button>
    </>
  );
}
