import type { RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { loadLocationGate } from '../location';

/**
 * Routes of this feature, each page lazy. Mounted inside the public shell by app/router.tsx.
 *
 * Every screen here sits behind the location gate: the API records where each sign-in and
 * signup happens (spec §4, "Location lookup"). Public pages and tools are not gated.
 */
export const authRoutes: RouteObject[] = [
  {
    id: 'location-gate',
    lazy: async () => ({
      Component: (await loadLocationGate()).LocationGateLayout,
    }),
    children: [
      {
        path: AppPath.login,
        lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }),
      },
      {
        path: AppPath.loginSecure,
        lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }),
      },
      {
        path: AppPath.partnerLogin,
        lazy: async () => ({
          Component: (await import('./pages/PartnerLoginPage')).PartnerLoginPage,
        }),
      },
      {
        path: AppPath.signup,
        lazy: async () => ({ Component: (await import('./pages/SignupPage')).SignupPage }),
      },
      {
        path: AppPath.register,
        lazy: async () => ({ Component: (await import('./pages/SignupPage')).SignupPage }),
      },
      {
        path: AppPath.loginIntoUser,
        lazy: async () => ({
          Component: (await import('./pages/LinkLoginPage')).LoginIntoUserPage,
        }),
      },
      {
        path: AppPath.loginIntoDistributor,
        lazy: async () => ({
          Component: (await import('./pages/LinkLoginPage')).LoginIntoDistributorPage,
        }),
      },
      {
        path: AppPath.loginIntoSuperDistributor,
        lazy: async () => ({
          Component: (await import('./pages/LinkLoginPage')).LoginIntoSuperDistributorPage,
        }),
      },
    ],
  },
];
