import type { ReactNode } from 'react';
import { Typography } from 'antd';
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

const promises = [
  'Wallet, bank payouts, wallet transfers and AEPS settlement in one account',
  'Every rupee on a ledger you can check, with printable receipts',
  'Your transaction PIN on every payment, and sign-ins you can review and end',
];

/**
 * The sign-in screens' frame: on a phone the form alone, full width; on a wide screen a
 * brand panel beside it.
 */
export function AuthLayout({ title, intro, children, footer, wide }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <div className={wide ? 'auth-layout auth-layout--wide' : 'auth-layout'}>
      <aside className="auth-layout__aside" aria-label="Why Khata">
        <p className="auth-layout__eyebrow">Khata Payments</p>
        <p className="auth-layout__pitch">Payments for India&apos;s retailers and distributors</p>
        <ul className="auth-layout__promises">
          {promises.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </aside>
      <section className="auth-layout__panel" aria-labelledby="auth-title">
        <Typography.Title id="auth-title" level={1} className="auth-layout__title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="auth-layout__intro">{intro}</Typography.Paragraph>
        {children}
        {footer && <div className="auth-layout__footer">{footer}</div>}
      </section>
    </div>
  );
}
