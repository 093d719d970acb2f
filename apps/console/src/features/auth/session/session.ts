import { isForcedLogout } from '@khata/domain';
import { onResponseCode, setRequestHeaders } from '../../../api/client';
import { AppPath } from '../../../app/paths';
import { queryClient } from '../../../app/queryClient';
import { readDeviceLocation } from '../../location/deviceLocation';
import { authKeys, type SignedIn } from '../api';
import {
  clearSiteCookies,
  readSessionToken,
  removeSessionToken,
  storeSessionToken,
} from './sessionToken';

type GoTo = (path: string) => void;

let navigateTo: GoTo = () => undefined;

/**
 * Wires the API client to the session, once at start-up: every call carries the bearer token
 * and the device location (API.md), and a 2211 answer (session revoked or expired) clears
 * every cookie and goes to /login (spec §4). Other codes are left to the screen that made
 * the call.
 */
export function installSession(goTo: GoTo): () => void {
  setRequestHeaders(() => {
    const headers: Record<string, string> = {};
    const token = readSessionToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const location = readDeviceLocation();
    if (location) {
      headers.latitude = location.latitude;
      headers.longitude = location.longitude;
    }
    return headers;
  });
  navigateTo = goTo;
  return onResponseCode((code) => {
    if (isForcedLogout(code)) forceLogout();
  });
}

/**
 * What code 2211 does (spec §4): every cookie goes and the user lands on /login. Also called
 * when the socket says `session.revoked`.
 */
export function forceLogout(): void {
  clearSiteCookies();
  navigateTo(AppPath.login);
  queryClient.clear();
}

/** After a sign-in: keep the token and the profile the answer brought (no second call). */
export function startSession({ token, profile }: SignedIn): void {
  queryClient.clear();
  storeSessionToken(token);
  queryClient.setQueryData(authKeys.userData, { profile });
}

/** A chosen logout ends only the session; a forced one clears every cookie (above). */
export function endSession(): void {
  removeSessionToken();
  queryClient.clear();
}
