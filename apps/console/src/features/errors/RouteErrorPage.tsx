import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusPage, type StatusPageProps } from '../../ui/StatusPage';

/** The generic error screen (spec §2): a status, a message and a link home. */
export function RouteErrorPage() {
  // No suspense: the error may be that the texts of this language did not download either.
  const { t } = useTranslation('public', { useSuspense: false });
  return <StatusPage {...describeRouteError(useRouteError(), t)} />;
}

function describeRouteError(error: unknown, t: TFunction<'public'>): StatusPageProps {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: t('public:errors.notFound.title'),
        message: t('public:errors.notFound.message'),
      };
    }
    return {
      status: error.status,
      title: error.statusText || t('public:errors.failed.title'),
      message:
        typeof error.data === 'string' && error.data
          ? error.data
          : t('public:errors.failed.message'),
    };
  }
  if (isChunkLoadError(error)) {
    return {
      status: 503,
      title: t('public:errors.chunk.title'),
      message: t('public:errors.chunk.message'),
    };
  }
  // Anything else is a bug on our side; its details stay in the browser console.
  return {
    status: 500,
    title: t('public:errors.unexpected.title'),
    message: t('public:errors.unexpected.message'),
  };
}

/** A lazy route's chunk failed to download: offline, or a new release replaced it. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}
