import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { QuestionLink } from '../components/QuestionLink';
import { SignInForm } from '../components/SignInForm';
import { PartnerPath } from '../session/signedInPaths';

/** /partnerLogin: partners have their own door and their own area (/partner). */
export function PartnerLoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout
      title={t('partnerLogin.title')}
      intro={t('partnerLogin.intro')}
      footer={
        <QuestionLink
          question={t('partnerLogin.notPartner.question')}
          link={t('partnerLogin.notPartner.link')}
          to={AppPath.login}
        />
      }
    >
      <SignInForm signIn={authApi.partnerLogin} destination={PartnerPath.dashboard} />
    </AuthLayout>
  );
}
