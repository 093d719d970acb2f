import { useTranslation } from 'react-i18next';

/**
 * Shown while the first route's code downloads (react-router's HydrateFallback) and as the
 * app's Suspense fallback, so it never suspends itself: before the language's texts arrive it
 * says its English label (bundled).
 */
export function AppLoading() {
  const { t } = useTranslation('public', { useSuspense: false });
  return (
    <div
      className="app-loading"
      role="status"
      aria-label={t('loading.app', { defaultValue: 'Loading Khata' })}
    >
      <span className="app-loading__spinner" />
    </div>
  );
}
