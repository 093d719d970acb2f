import { Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installSession } from '../features/auth/session/session';
import { OfflineScreen } from '../features/offline/OfflineScreen';
import { AppLoading } from './AppLoading';
import { AppProviders } from './AppProviders';
import { router } from './router';

// Before the first render, so the first API call already carries the session.
installSession((path) => void router.navigate(path, { replace: true }));

export function App() {
  return (
    <AppProviders>
      {/* A namespace of texts not loaded yet (Hindi, or an area's) suspends until it is. */}
      <Suspense fallback={<AppLoading />}>
        <RouterProvider router={router} />
        <OfflineScreen />
      </Suspense>
    </AppProviders>
  );
}
