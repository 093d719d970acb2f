import { useSyncExternalStore } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Issue 30: the public pages a visitor without a session is most likely to open first are
 * rendered to HTML when the console is built (prerender.tsx), so they paint as soon as the
 * document and its stylesheets arrive, before the JavaScript; the script then hydrates that
 * markup instead of drawing the page again.
 */

/** True in the build's prerender (no DOM there), false in a browser. */
export const prerendering = typeof document === 'undefined';

const subscribeToNothing = () => () => undefined;

/**
 * False while a prerendered page is painted but not yet hydrated (and in the prerender
 * itself), true from then on and in every page the browser draws itself. A form in a
 * prerendered page keeps its submit button disabled until then: the browser's own submit
 * would send its fields in the address (a GET to the page).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Loads the lazy routes the path matches and puts their components on the route objects, so
 * the router starts with the page's components in hand and its first render is the markup
 * the prerender wrote (react-router renders its HydrateFallback for a route still lazy).
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route);
  await Promise.all(
    lazy.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
