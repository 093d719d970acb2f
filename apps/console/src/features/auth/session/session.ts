import { isForcedLogout, SessionEndReason } from '@khata/domain';
import { onResponseCode, setRequestHeaders } from '../../../api/client';
import { AppPath } from '../../../app/paths';
import { queryClient } from '../../../app/queryClient';
import { forgetRecentPayments } from '../../recent-payments';
import { readDeviceLocation } from '../../location';
import { authKeys, type SignedIn } from '../api';
import { forgetProfileLanguage } from './profileLanguage';
import {
  clearSiteCookies,
  readSessionToken,
  removeSessionToken,
  storeSessionToken,
} from './sessionToken';

type GoTo = (path: string) => void;

let navigateTo: GoTo = () => undefined;

/**
 * Why the last forced logout happened, for /login to say once. Kept here rather than in the
 * navigation: the admin shell, seeing the token gone, also sends the user to /login, and
 * whichever navigation lands last would decide.
 */
let signedOutBecause: SignedOut | undefined;

/**
 * Why a forced logout happened; `idleMinutes` with the `idle` reason, `afterHours` with
 * `expired` when the session was a shorter one than a day (an admin's: issue 31).
 */
export interface SignedOut {
  reason: SessionEndReason;
  idleMinutes?: number;
  afterHours?: number;
}

/**
 * Issue 31: a call made more than a minute after the user last pressed a key, clicked or
 * touched the page is a page's own polling, not the user: it says so (`X-Khata-Background`),
 * and the API does not count it as a use of the session, so an open page that polls still
 * signs out after the idle limit.
 */
const BACKGROUND_AFTER_MS = 60_000;
let lastInputAt = Date.now();

function noteInput(): void {
  lastInputAt = Date.now();
}

/** Set by a logout the user chose, until the next sign-in in this page. */
let endedByChoice = false;

export function lastSignedOut(): SignedOut | undefined {
  return signedOutBecause;
}

export function forgetSignedOutReason(): void {
  signedOutBecause = undefined;
}

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
    if (Date.now() - lastInputAt > BACKGROUND_AFTER_MS) headers['X-Khata-Background'] = '1';
    return headers;
  });
  navigateTo = goTo;
  const inputs = ['keydown', 'pointerdown', 'touchstart'] as const;
  for (const input of inputs) window.addEventListener(input, noteInput, { capture: true });
  const stopListening = onResponseCode((code, answer) => {
    if (isForcedLogout(code)) {
      const idleMinutes = typeof answer.idleMinutes === 'number' ? answer.idleMinutes : undefined;
      forceLogout(endReason(answer.reason), { idleMinutes });
    }
  });
  return () => {
    for (const input of inputs) window.removeEventListener(input, noteInput, { capture: true });
    stopListening();
  };
}

/** A reason the API sent, if it is one the console knows. */
export function endReason(reason: unknown): SessionEndReason | undefined {
  return Object.values<unknown>(SessionEndReason).includes(reason)
    ? (reason as SessionEndReason)
    : undefined;
}

/**
 * What code 2211 does (spec §4): every cookie goes and the user lands on /login, which says
 * why when the API told (logged out from another device, expired). Also called when the
 * socket says `session.revoked`. The socket and the calls in flight can all say it: once the
 * token is gone, only a call that knows why may still change what /login says.
 */
export function forceLogout(
  reason?: SessionEndReason,
  details: Omit<SignedOut, 'reason'> = {},
): void {
  // The user ended this session here: calls still in flight for it answer 2211, and must not
  // clear the choices stored beside it (the terms flag a Decline just wrote) nor tell /login
  // that the user was signed out from somewhere else.
  if (endedByChoice && !readSessionToken()) return;
  if (!readSessionToken() && !reason) return;
  signedOutBecause = reason && { reason, ...details };
  forgetProfileLanguage();
  clearSiteCookies();
  forgetRecentPayments();
  navigateTo(AppPath.login);
  queryClient.clear();
}

/**
 * After a sign-in: keep the token and the profile the answer brought (no second call). A user
 * whose password or PIN is temporary gets no profile yet: the user-data call answers 4031,
 * and the admin shell shows the form that sets them (features/admin/onboarding).
 */
export function startSession({ token, profile, mustChangeCredentials }: SignedIn): void {
  endedByChoice = false;
  forgetSignedOutReason();
  forgetProfileLanguage();
  queryClient.clear();
  storeSessionToken(token);
  if (!mustChangeCredentials) queryClient.setQueryData(authKeys.userData, { profile });
}

/** After the temporary credentials are set: the fresh session's token, and the profile reloads. */
export function replaceSessionToken(token: string): void {
  storeSessionToken(token);
  void queryClient.invalidateQueries({ queryKey: authKeys.userData });
}

/**
 * Ends the session in this browser. A chosen logout (`chosen`: Logout, Decline, logging out
 * this or all sessions) ends only the session; a forced one clears every cookie (above). Either
 * way the recent payments (account numbers, masked) go with it.
 */
export function endSession({ chosen = false }: { chosen?: boolean } = {}): void {
  if (chosen) endedByChoice = true;
  forgetProfileLanguage();
  removeSessionToken();
  forgetRecentPayments();
  queryClient.clear();
}
