import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { SignedOutNotice } from '../components/SignedOutNotice';
import { SignInForm } from '../components/SignInForm';
import { SignedInPath } from '../session/signedInPaths';

/** /login and /login-secure: the same door for everyone but partners. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <>
          <p>
            <Trans
              t={t}
              i18nKey="login.newToKhata"
              components={{ go: <Link to={AppPath.signup} /> }}
            />
          </p>
          <p>
            <Trans
              t={t}
              i18nKey="login.partner"
              components={{ go: <Link to={AppPath.partnerLogin} /> }}
            />
          </p>
        </>
      }
    >
      <SignedOutNotice />
      <SignInForm signIn={authApi.login} destination={SignedInPath.dashboard} />
    </AuthLayout>
  );
}
