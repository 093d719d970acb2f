import { redirect, type RouteObject } from 'react-router-dom';
import { AppPath } from '../../app/paths';
import { loadAllTexts } from '../../i18n/i18n';
import { RouteErrorPage } from '../errors';
import { loadLocationGate } from '../location';
import type { AdminScreen } from './adminScreens';

/**
 * A route component of the admin area, loaded with the area's lazy module (adminScreens.ts) and
 * the texts of every screen in the current language (issue 30), so no screen waits on its own.
 */
function screen(name: AdminScreen): RouteObject['lazy'] {
  return async () => {
    const [screens] = await Promise.all([import('./adminScreens'), loadAllTexts()]);
    return { Component: screens.adminScreens[name] };
  };
}

/**
 * The signed-in admin area (spec §2 "Admin routes"), mounted beside the public shell by
 * app/router.tsx. Behind the location gate (the API records where money moves), then the
 * admin layout. The whole area is one lazy module (see adminScreens.ts for why), so none of it
 * is in the public first load.
 */
export const adminRoutes: RouteObject[] = [
  {
    id: 'admin-location-gate',
    path: AppPath.admin,
    lazy: async () => ({
      Component: (await loadLocationGate()).LocationGateLayout,
    }),
    children: [
      {
        id: 'admin-shell',
        lazy: screen('shell'),
        children: [
          {
            // Errors in a screen render inside the layout, so the menu stays usable.
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, loader: () => redirect(AppPath.adminDashboard) },
              { path: AppPath.adminDashboard, lazy: screen('dashboard') },
              { path: AppPath.walletTransfer, lazy: screen('walletTransfer') },
              { path: AppPath.adminAccount, lazy: screen('adminAccount') },
              { path: AppPath.network, lazy: screen('network') },
              { path: AppPath.merchantList, lazy: screen('merchantList') },
              { path: AppPath.transactionReport, lazy: screen('transactionReport') },
              { path: AppPath.payoutReport, lazy: screen('payoutReport') },
              { path: AppPath.ledgerReport, lazy: screen('ledgerReport') },
              { path: AppPath.adminProfile, lazy: screen('profile') },
              { path: AppPath.dayBook, lazy: screen('dayBook') },
              { path: AppPath.monthlyStats, lazy: screen('monthlyStats') },
              { path: AppPath.bankPayout, lazy: screen('bankPayout') },
              { path: AppPath.aepsSettlement, lazy: screen('aepsSettlement') },
              { path: AppPath.allUsers, lazy: screen('allUsers') },
              { path: AppPath.userDetails, lazy: screen('userDetails') },
              { path: AppPath.createPartner, lazy: screen('createPartner') },
              { path: AppPath.serviceManagement, lazy: screen('serviceManagement') },
              { path: AppPath.updateServices, lazy: screen('updateServices') },
              { path: AppPath.kyc, lazy: screen('kyc') },
              { path: AppPath.kycApprovals, lazy: screen('kycApprovals') },
              { path: AppPath.aepsApprovals, lazy: screen('aepsApprovals') },
              { path: AppPath.approvals, lazy: screen('approvals') },
              { path: AppPath.paymentRequest, lazy: screen('paymentRequest') },
              { path: AppPath.paymentApproval, lazy: screen('paymentApproval') },
              { path: AppPath.onboardUser, lazy: screen('onboarding') },
              { path: AppPath.onboardRegister, lazy: screen('onboarding') },
              { path: AppPath.directOnboard, lazy: screen('onboarding') },
              { path: AppPath.changeMobile, lazy: screen('changeMobile') },
              { path: AppPath.overdraft, lazy: screen('overdraft') },
              { path: AppPath.taxRate, lazy: screen('taxRate') },
              { path: AppPath.myProfit, lazy: screen('myProfit') },
              { path: AppPath.contactRequests, lazy: screen('contactRequests') },
              { path: AppPath.mapGenerator, lazy: screen('mapGenerator') },
              { path: AppPath.postNotice, lazy: screen('postNotice') },
              { path: AppPath.raiseTicket, lazy: screen('raiseTicket') },
              { path: AppPath.myComplaints, lazy: screen('myComplaints') },
              { path: AppPath.complaints, lazy: screen('complaints') },
              { path: AppPath.logs, lazy: screen('logs') },
              { path: AppPath.database, lazy: screen('database') },
              { path: AppPath.paymentOperations, lazy: screen('paymentOperations') },
              { path: AppPath.paymentTracker, lazy: screen('paymentTracker') },
              { path: AppPath.pay10Payments, lazy: screen('pay10Payments') },
              { path: AppPath.finkeda, lazy: screen('finkeda') },
              { path: AppPath.paycelHistory, lazy: screen('paycelHistory') },
              { path: AppPath.remitterKyc, lazy: screen('remitterKyc') },
              { path: AppPath.dmtPayments, lazy: screen('dmtPayments') },
              { path: AppPath.ppiMoneyTransfer, lazy: screen('ppiMoneyTransfer') },
              { path: AppPath.aeps, lazy: screen('aeps') },
              { path: AppPath.aepsReport, lazy: screen('aepsReport') },
              { path: AppPath.utilityService, lazy: screen('utilityService') },
              { path: AppPath.newBBPS, lazy: screen('newBBPS') },
              { path: AppPath.dhbvnBill, lazy: screen('dhbvnBill') },
              { path: AppPath.ccBillsPayment, lazy: screen('ccBillsPayment') },
              { path: AppPath.eBillReport, lazy: screen('eBillReport') },
              { path: AppPath.rentAgreementNew, lazy: screen('rentAgreement') },
              { path: AppPath.rentalAgreements, lazy: screen('rentalAgreements') },
              { path: AppPath.rentAgreementDetails, lazy: screen('rentAgreementDetails') },
              { path: AppPath.adminNotFound, lazy: screen('notFound') },
            ],
          },
        ],
      },
    ],
  },
];
