import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppPath, type AppPathPattern } from '../../app/paths';

/** A lazy route in the function form app/router.tsx asks for (a failed import reaches the ErrorBoundary). */
function page(path: AppPathPattern, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

const services = () => import('./services/ServicePages');
const legal = () => import('./legal/LegalPages');
const devices = () => import('./devices/DevicePages');

/** Routes of this feature, each page lazy. Mounted inside the public shell by app/router.tsx. */
export const pageRoutes: RouteObject[] = [
  page(AppPath.aboutUs, async () => (await import('./company/AboutUsPage')).AboutUsPage),
  page(AppPath.contactUs, async () => (await import('./contact/ContactUsPage')).ContactUsPage),
  // The navbar says /career and the footer /careers (spec §2): one page under both.
  ...[AppPath.career, AppPath.careers].map((path) =>
    page(path, async () => (await import('./careers/CareersPage')).CareersPage),
  ),
  ...[AppPath.ourServices, AppPath.legalOurServices].map((path) =>
    page(path, async () => (await import('./services/OurServicesPage')).OurServicesPage),
  ),
  page(AppPath.utilityPayments, async () => (await services()).UtilityPaymentsPage),
  ...[AppPath.rentalAgreement, AppPath.rentAgreement].map((path) =>
    page(path, async () => (await services()).RentalAgreementPage),
  ),
  page(AppPath.documentServices, async () => (await services()).DocumentServicesPage),
  page(AppPath.businessSolutions, async () => (await services()).BusinessSolutionsPage),
  page(AppPath.blog, async () => (await import('./blog/BlogPage')).BlogPage),
  page(AppPath.privacyPolicy, async () => (await legal()).PrivacyPolicyPage),
  page(AppPath.termsAndConditions, async () => (await legal()).TermsAndConditionsPage),
  page(AppPath.cookiePolicy, async () => (await legal()).CookiePolicyPage),
  page(AppPath.refundPolicy, async () => (await legal()).RefundPolicyPage),
  page(
    AppPath.trackAgreement,
    async () => (await import('./agreements/TrackAgreementPage')).TrackAgreementPage,
  ),
  page(AppPath.bioMetrics, async () => (await devices()).BiometricsPage),
  page(AppPath.morphoDeviceTest, async () => (await devices()).MorphoDeviceTestPage),
];
