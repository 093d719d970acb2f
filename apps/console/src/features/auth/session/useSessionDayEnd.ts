import { useEffect } from 'react';
import { SessionEndReason } from '@khata/domain';
import { forceLogout } from './session';

const DAY_HOURS = 24;

/** When a session token ends (its JWT `exp`, India's midnight of the day it was issued), in ms. */
export function tokenEndsAt(token: string): number | undefined {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/**
 * Issue 31: how many hours a session shorter than a day lasts (an admin's), from its JWT `iat`
 * and `exp`; undefined for a day-long one, which ends at midnight.
 */
export function shorterSessionHours(token: string): number | undefined {
  const claims = claimsOf(token);
  if (typeof claims?.exp !== 'number' || typeof claims.iat !== 'number') return undefined;
  const hours = Math.round((claims.exp - claims.iat) / 3600);
  return hours > 0 && hours < DAY_HOURS ? hours : undefined;
}

function claimsOf(token: string): { exp?: unknown; iat?: unknown } | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      iat?: unknown;
    };
  } catch {
    return undefined;
  }
}

/**
 * Issue 23: a session ends at India's midnight, and its cookie with it. Left alone, the next
 * look at the cookie finds nothing and the user lands on /login without a word; instead, at
 * the token's end (or on coming back to a tab after it) the session is ended here with the
 * reason, so /login says why. The forms in progress keep their drafts (`formDraft`).
 */
export function useSessionDayEnd(token: string | undefined): void {
  useEffect(() => {
    const endsAt = token ? tokenEndsAt(token) : undefined;
    if (endsAt === undefined) return undefined;
    const afterHours = token ? shorterSessionHours(token) : undefined;
    const end = () => forceLogout(SessionEndReason.Expired, { afterHours });
    const check = () => {
      if (Date.now() >= endsAt) end();
    };
    const timer = window.setTimeout(end, Math.max(endsAt - Date.now(), 0));
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [token]);
}
