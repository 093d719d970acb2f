import { useEffect } from 'react';
import { SessionEndReason } from '@khata/domain';
import { forceLogout } from './session';

/** When a session token ends (its JWT `exp`, India's midnight of the day it was issued), in ms. */
export function tokenEndsAt(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
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
    const end = () => forceLogout(SessionEndReason.Expired);
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
