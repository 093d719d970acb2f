import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../ui/usePageTitle';
import './auth.css';

export interface AuthLayoutProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** Links to the other ways in, under the form. */
  footer?: ReactNode;
  /** Room for two fields side by side (the signup form). */
  wide?: boolean;
}

/**
 * The sign-in screens' frame: on a phone the form alone, full width; on a wide screen a
 * brand panel beside it. Plain markup: these screens load no antd (issue 30).
 */
export function AuthLayout({ title, intro, children, footer, wide }: AuthLayoutProps) {
  const { t } = useTranslation('auth');
  usePageTitle(title);
  const promises = [
    t('layout.promises.oneAccount'),
    t('layout.promises.ledger'),
    t('layout.promises.pin'),
  ];
  return (
    <div className={wide ? 'auth-layout auth-layout--wide' : 'auth-layout'}>
      <aside className="auth-layout__aside" aria-label={t('layout.whyKhata')}>
        <p className="auth-layout__eyebrow">{t('layout.eyebrow')}</p>
        <p className="auth-layout__pitch">{t('layout.pitch')}</p>
        <ul className="auth-layout__promises">
          {promises.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </aside>
      <section className="auth-layout__panel" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-layout__title">
          {title}
        </h1>
        <p className="auth-layout__intro">{intro}</p>
        {children}
        {footer && <div className="auth-layout__footer">{footer}</div>}
      </section>
    </div>
  );
}

/** A message above the form: the API's refusal (error) or why the user was signed out. */
export function AuthAlert({ kind, children }: { kind: 'error' | 'warning'; children: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert--${kind}`} role="alert">
      {children}
    </div>
  );
}
