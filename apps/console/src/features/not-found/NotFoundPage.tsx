import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../ui/StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation('public');
  return <StatusPage status={404} title={t('notFound.title')} message={t('notFound.message')} />;
}
