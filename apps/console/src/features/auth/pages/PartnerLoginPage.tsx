import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
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
        <p>
          <Trans
            t={t}
            i18nKey="partnerLogin.notPartner"
            components={{ go: <Link to={AppPath.login} /> }}
          />
        </p>
      }
    >
      <SignInForm signIn={authApi.partnerLogin} destination={PartnerPath.dashboard} />
    </AuthLayout>
  );
}
