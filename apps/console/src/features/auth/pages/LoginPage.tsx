import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { QuestionLink } from '../components/QuestionLink';
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
          <QuestionLink
            question={t('login.newToKhata.question')}
            link={t('login.newToKhata.link')}
            to={AppPath.signup}
          />
          <QuestionLink
            question={t('login.partner.question')}
            link={t('login.partner.link')}
            to={AppPath.partnerLogin}
          />
        </>
      }
    >
      <SignedOutNotice />
      <SignInForm signIn={authApi.login} destination={SignedInPath.dashboard} />
    </AuthLayout>
  );
}
