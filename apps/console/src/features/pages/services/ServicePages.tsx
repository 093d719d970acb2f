import { ContentSection } from '../components/ContentSection';
import { RentPriceTable } from '../agreements/RentPriceTable';
import { businessSolutions } from './content/business-solutions';
import { documentServices } from './content/document-services';
import { rentalAgreement } from './content/rental-agreement';
import { utilityPayments } from './content/utility-payments';
import { ServicePage } from './ServicePage';

/** The footer's service pages; one lazy chunk, as they share their layout. */
export function UtilityPaymentsPage() {
  return <ServicePage content={utilityPayments} />;
}

/** /rental-agreement and /rent-agreement: the rent-agreement service, with its live prices. */
export function RentalAgreementPage() {
  return (
    <ServicePage
      content={rentalAgreement}
      extra={
        <ContentSection
          title="Price by state"
          intro="For an 11-month agreement at ₹15,000 a month with a ₹30,000 deposit. Stamp duty depends on the state, the rent, the deposit and the term; the exact amount shows at the shop before anything is paid."
          tone="muted"
        >
          <RentPriceTable />
        </ContentSection>
      }
    />
  );
}

export function DocumentServicesPage() {
  return <ServicePage content={documentServices} />;
}

export function BusinessSolutionsPage() {
  return <ServicePage content={businessSolutions} />;
}
