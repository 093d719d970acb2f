import { useTranslation } from 'react-i18next';
import { USER_ACTION_KINDS } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { useAdminUser } from '../session/adminUser';

/**
 * Issue 23: the way into onboarding from the lists of one's network (All Users, Network), for
 * whoever may onboard (USER_ACTION_KINDS, as the API says): an admin to Direct Onboard, a
 * distributor tier to the same form at /admin/register-user. Staff employees only look.
 */
export function AddUserButton() {
  const { t } = useTranslation('onboarding');
  const { kind } = useAdminUser();
  if (!kind || !USER_ACTION_KINDS.includes(kind)) return null;
  return (
    <ButtonLink type="primary" to={kind === 'admin' ? AppPath.directOnboard : AppPath.onboardUser}>
      {t('addUser')}
    </ButtonLink>
  );
}
