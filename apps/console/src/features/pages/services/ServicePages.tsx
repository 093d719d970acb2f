import { businessSolutions } from './content/business-solutions';
import { documentServices } from './content/document-services';
import { rentalAgreement } from './content/rental-agreement';
import { utilityPayments } from './content/utility-payments';
import { ServicePage } from './ServicePage';

/** The footer's service pages; one lazy chunk, as they share their layout. */
export function UtilityPaymentsPage() {
  return <ServicePage content={utilityPayments} />;
}

/** /rental-agreement and /rent-agreement: the rent-agreement service. */
export function RentalAgreementPage() {
  return <ServicePage content={rentalAgreement} />;
}

export function DocumentServicesPage() {
  return <ServicePage content={documentServices} />;
}

export function BusinessSolutionsPage() {
  return <ServicePage content={businessSolutions} />;
}
