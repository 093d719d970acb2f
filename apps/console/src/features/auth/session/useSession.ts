import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { authApi, authKeys, type Profile } from '../api';
import { syncProfileLanguage } from './profileLanguage';
import { useSessionToken } from './sessionToken';

export type SessionStatus = 'signedOut' | 'pending' | 'signedIn' | 'error';

export interface Session {
  status: SessionStatus;
  /** A token is kept: the user counts as signed in while the profile loads. */
  isSignedIn: boolean;
  profile?: Profile;
  error: Error | null;
}

/**
 * The signed-in user (spec §4, user-data load). Without a token nothing is asked: the
 * session is "signedOut". A revoked token answers 2211, which the session layer turns into
 * a forced logout, so screens need not handle it.
 */
export function useSession(): Session {
  const token = useSessionToken();
  const userData = useQuery({
    queryKey: authKeys.userData,
    queryFn: authApi.userData,
    enabled: Boolean(token),
    // Only a lost connection is worth a second try; the API's refusals are final.
    retry: (failures, error) => failures < 1 && error instanceof ApiError && error.status === 0,
  });
  const profile = token ? userData.data?.profile : undefined;
  useEffect(() => {
    if (profile) syncProfileLanguage(profile);
  }, [profile]);
  if (!token) return { status: 'signedOut', isSignedIn: false, error: null };
  return {
    status:
      userData.status === 'success'
        ? 'signedIn'
        : userData.status === 'error'
          ? 'error'
          : 'pending',
    isSignedIn: true,
    profile: userData.data?.profile,
    error: userData.error,
  };
}
