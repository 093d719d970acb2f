import { redirect, type RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { RouteErrorPage } from '../errors';

/**
 * The partner area (/partner), beside the public and admin trees: its own small shell (no
 * admin sidebar), loaded lazily so none of it is in the public first load.
 */
export const partnerRoutes: RouteObject[] = [
  {
    id: 'partner-shell',
    path: AppPath.partnerArea,
    lazy: async () => ({
      Component: (await import('../../shells/partner/PartnerShell')).PartnerShell,
    }),
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, loader: () => redirect(AppPath.partnerDashboard) },
          {
            path: AppPath.partnerDashboard,
            lazy: async () => ({
              Component: (await import('./PartnerDashboardPage')).PartnerDashboardPage,
            }),
          },
          {
            path: AppPath.partnerWebhookDeliveries,
            lazy: async () => ({
              Component: (await import('./WebhookDeliveriesPage')).WebhookDeliveriesPage,
            }),
          },
        ],
      },
    ],
  },
];
