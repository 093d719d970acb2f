import { useTranslation } from 'react-i18next';
import { AppPath } from '../app/paths';
import { LinkButton } from './button/LinkButton';
import { usePageTitle } from './usePageTitle';
import './status-page.css';

export interface StatusPageProps {
  status: number;
  title: string;
  message: string;
}

/**
 * A full-width message with its status code and a way home: not-found and error screens.
 * Plain elements: it also shows when a route's code (antd with it) failed to download.
 */
export function StatusPage({ status, title, message }: StatusPageProps) {
  // No suspense: this page also shows when the language's texts could not download.
  const { t } = useTranslation('public', { useSuspense: false });
  usePageTitle(title);
  return (
    <section className="status-page" aria-labelledby="status-page-title">
      <p className="status-page__code">{status}</p>
      <h1 id="status-page-title" className="status-page__title">
        {title}
      </h1>
      <p className="status-page__message">{message}</p>
      <LinkButton variant="primary" size="large" to={AppPath.home}>
        {t('status.goHome')}
      </LinkButton>
    </section>
  );
}
