import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { currentRequestHeaders } from '../../../api/client';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { endSession } from './session';

/**
 * Logout: the browser forgets the session and leaves the signed-in area first, then tells the
 * API with the headers the session had. The other way round, a query the page started while the
 * logout was on its way (a balance refresh, a queue's count) reached the API after it had ended
 * the session and came back 401. Logout works even when the call fails (offline, or the session
 * had already ended).
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => {
      const sessionHeaders = currentRequestHeaders();
      endSession({ chosen: true });
      void navigate(AppPath.login, { replace: true });
      return authApi.logout(sessionHeaders).catch(() => undefined);
    },
  });
}
