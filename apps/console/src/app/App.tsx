import { Suspense, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { OfflineScreen } from '../features/offline/OfflineScreen';
import { AppLoading } from './AppLoading';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';

/**
 * The tree around the router, the same in the browser and in the build's prerender
 * (prerender.tsx): a page hydrates only onto the markup of the very same tree.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      {/* A namespace of texts not loaded yet (Hindi, or an area's) suspends until it is. */}
      <Suspense fallback={<AppLoading />}>
        {children}
        <OfflineScreen />
      </Suspense>
    </AppProviders>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
