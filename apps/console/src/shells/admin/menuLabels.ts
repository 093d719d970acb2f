import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem, MenuItemKey } from '@khata/domain';

/**
 * Issue 30: the sidebar's names of libs/domain's menu (MENU), by each item's stable key, in
 * `shell`. The English texts are the domain's labels, word for word; libs/domain keeps them
 * for the API and the tests.
 */
export const MENU_LABEL_KEYS = {
  dashboard: 'shell:menu.dashboard',
  paymentTracker: 'shell:menu.paymentTracker',
  walletTransfer: 'shell:menu.walletTransfer',
  controlPanel: 'shell:menu.controlPanel',
  customerSupport: 'shell:menu.customerSupport',
  myComplaints: 'shell:menu.myComplaints',
  aepsSettlement: 'shell:menu.aepsSettlement',
  paymentRequest: 'shell:menu.paymentRequest',
  paymentApproval: 'shell:menu.paymentApproval',
  allUsers: 'shell:menu.allUsers',
  network: 'shell:menu.network',
  merchantList: 'shell:menu.merchantList',
  addUser: 'shell:menu.addUser',
  kycApprovals: 'shell:menu.kycApprovals',
  aepsApprovals: 'shell:menu.aepsApprovals',
  approvals: 'shell:menu.approvals',
  postNotice: 'shell:menu.postNotice',
  directOnboard: 'shell:menu.directOnboard',
  createPartner: 'shell:menu.createPartner',
  helpAndSupport: 'shell:menu.helpAndSupport',
  database: 'shell:menu.database',
  logs: 'shell:menu.logs',
  profile: 'shell:menu.profile',
  transactionReport: 'shell:menu.transactionReport',
  ledgerReport: 'shell:menu.ledgerReport',
  mapGenerator: 'shell:menu.mapGenerator',
  serviceManagement: 'shell:menu.serviceManagement',
  updateServices: 'shell:menu.updateServices',
  overdraft: 'shell:menu.overdraft',
  taxRate: 'shell:menu.taxRate',
  myProfit: 'shell:menu.myProfit',
  contactRequests: 'shell:menu.contactRequests',
  monthlyStats: 'shell:menu.monthlyStats',
  paymentOperations: 'shell:menu.paymentOperations',
  remitterKyc: 'shell:menu.remitterKyc',
  dmtPayments: 'shell:menu.dmtPayments',
  ppiMoneyTransfer: 'shell:menu.ppiMoneyTransfer',
  aeps: 'shell:menu.aeps',
  aepsReport: 'shell:menu.aepsReport',
  utilityService: 'shell:menu.utilityService',
  newBBPS: 'shell:menu.newBBPS',
  dhbvnBill: 'shell:menu.dhbvnBill',
  ccBillsPayment: 'shell:menu.ccBillsPayment',
  eBillReport: 'shell:menu.eBillReport',
  rentAgreement: 'shell:menu.rentAgreement',
  rentalAgreements: 'shell:menu.rentalAgreements',
} as const satisfies Record<MenuItemKey, string>;

/** A menu item's name in the current language (the sidebar, "… is coming soon"). */
export function useMenuLabel(): (item: Pick<MenuItem, 'key'>) => string {
  const { t } = useTranslation('shell');
  return useCallback((item) => t(MENU_LABEL_KEYS[item.key]), [t]);
}
