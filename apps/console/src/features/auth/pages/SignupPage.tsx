import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { LinkButton } from '../../../ui/button/LinkButton';
import { AuthLayout } from '../components/AuthLayout';
import { QuestionLink } from '../components/QuestionLink';
import { SignupForm } from '../components/SignupForm';

/** /signup and /register: a retailer opens an account on their own (direct onboard). */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const [signedUp, setSignedUp] = useState<string>();

  if (signedUp) {
    return (
      <AuthLayout title={t('signup.done.title')} intro={t('signup.done.intro')}>
        <div className="auth-result" role="status">
          <p className="auth-result__title">{signedUp}</p>
          <p>{t('signup.done.body')}</p>
          <LinkButton variant="primary" size="large" to={AppPath.login}>
            {t('signup.done.goToLogin')}
          </LinkButton>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      wide
      title={t('signup.title')}
      intro={t('signup.intro')}
      footer={
        <QuestionLink
          question={t('signup.haveAccount.question')}
          link={t('signup.haveAccount.link')}
          to={AppPath.login}
        />
      }
    >
      <SignupForm onSignedUp={setSignedUp} />
    </AuthLayout>
  );
}
