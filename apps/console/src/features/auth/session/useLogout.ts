import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { endSession } from './session';

/**
 * Logout: the API ends the session, then the browser forgets it. The browser forgets it even
 * when the call fails (offline, or the session had already ended), so Logout always works.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => authApi.logout().catch(() => undefined),
    onSettled: () => {
      endSession({ chosen: true });
      void navigate(AppPath.login, { replace: true });
    },
  });
}
