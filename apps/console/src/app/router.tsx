import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { adminRoutes } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { partnerRoutes } from '../features/partner/routes';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { pageRoutes } from '../features/pages/routes';
import { toolRoutes } from '../features/tools/routes';
import { AppLoading } from './AppLoading';
import { AppPath } from './paths';

/** The layout route that gives its children antd's providers, loaded with the first of them. */
function antdScreens(id: string, children: RouteObject[]): RouteObject {
  return {
    id,
    lazy: async () => ({ Component: (await import('./AntdLayout')).AntdLayout }),
    children,
  };
}

/**
 * Every screen is loaded lazily, so each area ships only its own code; the admin layout
 * route sits beside the public one as its own lazy tree. The home page, the sign-in screens,
 * the not-found page and the public shell use no antd; every other screen sits under an
 * antdScreens layout.
 *
 * `lazy` is the function form on purpose: react-router 7.18 swallows a failed import in the
 * object form (`lazy: { Component }`) and renders a blank page, while the function form
 * sends it to the nearest ErrorBoundary.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: AppLoading,
    // Last resort, e.g. when the public shell itself fails to load.
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        id: 'public',
        lazy: async () => ({
          Component: (await import('../shells/public/PublicShell')).PublicShell,
        }),
        children: [
          {
            // Errors in a public page render inside the shell, so the navbar stays usable.
            ErrorBoundary: RouteErrorPage,
            children: [
              {
                path: AppPath.home,
                lazy: async () => ({
                  Component: (await import('../features/home/HomePage')).HomePage,
                }),
              },
              // Issue 30: the sign-in screens are the next page every user loads, with the
              // same budget as the home page, so they use no antd either.
              ...authRoutes,
              antdScreens('public-antd', [
                ...pageRoutes,
                ...toolRoutes,
                {
                  // Issue 14: what a printed receipt's QR code opens (public, no sign-in).
                  path: AppPath.verifyReceipt,
                  lazy: async () => ({
                    Component: (await import('../features/verify/VerifyReceiptPage'))
                      .VerifyReceiptPage,
                  }),
                },
              ]),
              {
                path: AppPath.notFound,
                lazy: async () => ({
                  Component: (await import('../features/not-found/NotFoundPage')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
      antdScreens('signed-in-antd', [...adminRoutes, ...partnerRoutes]),
    ],
  },
];

/** The browser's router over `routes`; made once, by main.tsx, after any route it hydrates has loaded. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
