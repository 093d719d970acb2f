import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { loadAllTexts } from '../../i18n/i18n';
import { RouteErrorPage } from '../errors';

/**
 * A route component of the partner area, loaded with the texts of every screen in the current
 * language (issue 30), as the admin area's `screen()` does: the partner's screens show the
 * admin's receipt too, and no screen waits on its own texts.
 */
function screen<T>(load: () => Promise<T>, pick: (module: T) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadAllTexts()]);
    return { Component: pick(module) };
  };
}

/**
 * The partner area (/partner), beside the public and admin trees: its own small shell (no
 * admin sidebar), loaded lazily so none of it is in the public first load.
 */
export const partnerRoutes: RouteObject[] = [
  {
    id: 'partner-shell',
    path: AppPath.partnerArea,
    lazy: screen(
      () => import('../../shells/partner/PartnerShell'),
      (module) => module.PartnerShell,
    ),
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, loader: () => redirect(AppPath.partnerDashboard) },
          {
            path: AppPath.partnerDashboard,
            lazy: screen(
              () => import('./PartnerDashboardPage'),
              (module) => module.PartnerDashboardPage,
            ),
          },
          {
            path: AppPath.partnerWebhookDeliveries,
            lazy: screen(
              () => import('./WebhookDeliveriesPage'),
              (module) => module.WebhookDeliveriesPage,
            ),
          },
        ],
      },
    ],
  },
];
