import { RouterProvider } from 'react-router-dom';
import { installSession } from '../features/auth/session/session';
import { OfflineScreen } from '../features/offline/OfflineScreen';
import { AppProviders } from './AppProviders';
import { router } from './router';

// Before the first render, so the first API call already carries the session.
installSession((path) => void router.navigate(path, { replace: true }));

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <OfflineScreen />
    </AppProviders>
  );
}
