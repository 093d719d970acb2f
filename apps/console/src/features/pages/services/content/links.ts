import { AppPath } from '../../../../app/paths';
import type { ServiceLinks } from '../service-page-content';

/** Where each service page's buttons lead; their words are in `pages` (`services.<page>`). */
export const SERVICE_LINKS = {
  utilityPayments: {
    actions: [{ to: AppPath.signup, primary: true }, { to: AppPath.contactUs }],
    closing: AppPath.signup,
  },
  rentalAgreement: {
    actions: [
      { to: AppPath.trackAgreement, primary: true },
      { to: AppPath.contactUs },
      { to: AppPath.login },
    ],
    closing: AppPath.trackAgreement,
  },
  documentServices: {
    actions: [{ to: AppPath.signup, primary: true }, { to: AppPath.contactUs }],
    closing: AppPath.contactUs,
  },
  businessSolutions: {
    actions: [{ to: AppPath.contactUs, primary: true }, { to: AppPath.partnerLogin }],
    closing: AppPath.contactUs,
  },
} as const satisfies Record<string, ServiceLinks>;
