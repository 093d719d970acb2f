import { Button } from 'antd';
import { signedOutItems } from '../../../shells/public/navigation';
import { ButtonLink } from '../../../ui/ButtonLink';
import { SignedInPath } from './signedInPaths';
import { useLogout } from './useLogout';
import { useSession } from './useSession';

export interface SessionMenuProps {
  /** The navbar's row of buttons, or the phone drawer's stacked ones. */
  placement: 'bar' | 'drawer';
  onNavigate?: () => void;
}

/** The public navbar's account menu (spec §2): signed in or signed out. */
export function SessionMenu({ placement, onNavigate }: SessionMenuProps) {
  const { isSignedIn } = useSession();
  const logout = useLogout();
  const inDrawer = placement === 'drawer';
  // In the bar on a narrow phone only the first action shows; the drawer has them all.
  const secondary = inDrawer ? undefined : 'public-navbar__signup';
  const size = inDrawer ? 'large' : undefined;

  if (!isSignedIn) {
    return (
      <>
        <ButtonLink
          type={inDrawer ? 'default' : 'text'}
          block={inDrawer}
          size={size}
          to={signedOutItems.login.to}
          onNavigate={onNavigate}
        >
          {signedOutItems.login.label}
        </ButtonLink>
        <ButtonLink
          className={secondary}
          type="primary"
          block={inDrawer}
          size={size}
          to={signedOutItems.signup.to}
          onNavigate={onNavigate}
        >
          {signedOutItems.signup.label}
        </ButtonLink>
      </>
    );
  }
  return (
    <>
      <ButtonLink
        type={inDrawer ? 'primary' : 'text'}
        block={inDrawer}
        size={size}
        to={SignedInPath.dashboard}
        onNavigate={onNavigate}
      >
        Dashboard
      </ButtonLink>
      <ButtonLink
        className={secondary}
        type={inDrawer ? 'default' : 'text'}
        block={inDrawer}
        size={size}
        to={SignedInPath.profile}
        onNavigate={onNavigate}
      >
        Profile
      </ButtonLink>
      <Button
        className={secondary}
        block={inDrawer}
        size={size}
        loading={logout.isPending}
        onClick={() => {
          onNavigate?.();
          logout.mutate();
        }}
      >
        Logout
      </Button>
    </>
  );
}
