import { useTranslation } from 'react-i18next';
import './route-progress.css';

/** The thin bar across the top while the router loads the next page. */
export function RouteProgress() {
  const { t } = useTranslation('public', { useSuspense: false });
  return <div className="route-progress" role="progressbar" aria-label={t('loading.page')} />;
}
