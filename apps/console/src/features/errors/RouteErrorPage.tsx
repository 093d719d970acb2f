import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusPage, type StatusPageProps } from '../../ui/StatusPage';

/** The generic error screen (spec §2): a status, a message and a link home. */
export function RouteErrorPage() {
  return <StatusPage {...describeRouteError(useRouteError())} />;
}

function describeRouteError(error: unknown): StatusPageProps {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: 'Page not found',
        message: 'The page you are looking for does not exist or has moved.',
      };
    }
    return {
      status: error.status,
      title: error.statusText || 'Something went wrong',
      message:
        typeof error.data === 'string' && error.data
          ? error.data
          : 'We could not complete your request. Please try again.',
    };
  }
  if (isChunkLoadError(error)) {
    return {
      status: 503,
      title: 'Page could not load',
      message:
        'Part of this page did not download. Check your internet connection and reload the page.',
    };
  }
  // Anything else is a bug on our side; its details stay in the browser console.
  return {
    status: 500,
    title: 'Something went wrong',
    message: 'An unexpected error stopped this page. Please try again in a moment.',
  };
}

/** A lazy route's chunk failed to download: offline, or a new release replaced it. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}
