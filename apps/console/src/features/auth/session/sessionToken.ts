import { useSyncExternalStore } from 'react';
import { clearAllCookies, readCookie, removeCookie, writeCookie } from './siteCookies';

/**
 * The session token's cookie: ends with the day (spec §9), or earlier on logout. On this host
 * only (issue 31, docs/decisions.md): a bearer token on the parent domain would reach every
 * other site on it.
 */
export const TOKEN_COOKIE = 'khata_token';

const listeners = new Set<() => void>();

function announce(): void {
  for (const listener of listeners) listener();
}

export function readSessionToken(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

export function storeSessionToken(token: string): void {
  // A copy an older console left on the parent domain goes first.
  removeCookie(TOKEN_COOKIE);
  writeCookie(TOKEN_COOKIE, token, { hostOnly: true });
  announce();
}

export function removeSessionToken(): void {
  removeCookie(TOKEN_COOKIE);
  announce();
}

/** Forced logout: every cookie of the site goes, not only the token (spec §4). */
export function clearSiteCookies(): void {
  clearAllCookies();
  announce();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may sign in or out, and the cookie expires at midnight: re-read when the
  // user comes back to this tab.
  window.addEventListener('focus', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/**
 * The current token, re-rendering when this tab signs in or out. A prerendered page (issue 30)
 * was rendered signed out, so it hydrates signed out and then shows the session.
 */
export function useSessionToken(): string | undefined {
  return useSyncExternalStore(subscribe, readSessionToken, () => undefined);
}
