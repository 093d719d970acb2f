import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { LinkButton } from '../../../ui/button/LinkButton';
import { usePageTitle } from '../../../ui/usePageTitle';
import { authApi } from '../api';
import { startSession } from '../session/session';
import { SignedInPath } from '../session/signedInPaths';
import '../components/auth.css';

/**
 * /loginIntoUser/:token and the distributor variants: an upline's one-time link signs the
 * user in. The token is spent on first use, so it is exchanged exactly once per visit.
 */
/** Whose account the link opens, in the words of the waiting line. */
const OPENING_KEYS = {
  user: 'linkLogin.opening.user',
  distributor: 'linkLogin.opening.distributor',
  superDistributor: 'linkLogin.opening.superDistributor',
} as const;

function LinkLoginPage({ whom }: { whom: keyof typeof OPENING_KEYS }) {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const exchange = useMutation({
    mutationFn: authApi.linkLogin,
    onSuccess: (signedIn) => {
      startSession(signedIn);
      void navigate(SignedInPath.dashboard, { replace: true });
    },
  });
  const exchanged = useRef<string>(undefined);
  const { mutate } = exchange;

  useEffect(() => {
    // StrictMode runs effects twice in development; a second call would find the token spent.
    if (exchanged.current === token) return;
    exchanged.current = token;
    mutate(token);
  }, [token, mutate]);

  usePageTitle(exchange.isError ? t('linkLogin.invalidTitle') : t('linkLogin.pendingTitle'));
  if (exchange.isError) {
    return (
      <section className="link-login auth-result" aria-labelledby="link-login-title">
        <h1 id="link-login-title" className="auth-result__title">
          {t('linkLogin.failed')}
        </h1>
        <p>{exchange.error.message}</p>
        <LinkButton variant="primary" size="large" to={AppPath.login}>
          {t('linkLogin.goToLogin')}
        </LinkButton>
      </section>
    );
  }
  return (
    <div className="link-login link-login--pending" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <p>{t(OPENING_KEYS[whom])}</p>
    </div>
  );
}

export function LoginIntoUserPage() {
  return <LinkLoginPage whom="user" />;
}

export function LoginIntoDistributorPage() {
  return <LinkLoginPage whom="distributor" />;
}

export function LoginIntoSuperDistributorPage() {
  return <LinkLoginPage whom="superDistributor" />;
}
