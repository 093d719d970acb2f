import { PAYOUT_CAP, UNLIMITED_PAYOUT_CAP } from '@khata/domain';
import { useTranslation } from 'react-i18next';
import { ContentSection } from '../components/ContentSection';
import { RentPriceTable } from '../agreements/RentPriceTable';
import { wholeRupees } from '../format';
import { SERVICE_LINKS } from './content/links';
import { servicePage, type ServicePageTexts } from './service-page-content';
import { ServicePage } from './ServicePage';

/** The sample agreement of the price table (amounts in paise): rent a month and deposit. */
const SAMPLE_RENT = 15_000_00;
const SAMPLE_DEPOSIT = 30_000_00;

/** The footer's service pages; one lazy chunk, as they share their layout. */
export function UtilityPaymentsPage() {
  const { t } = useTranslation('pages');
  const texts = t('services.utilityPayments', { returnObjects: true }) as ServicePageTexts;
  return <ServicePage content={servicePage(texts, SERVICE_LINKS.utilityPayments)} />;
}

/** /rental-agreement and /rent-agreement: the rent-agreement service, with its live prices. */
export function RentalAgreementPage() {
  const { t } = useTranslation('pages');
  const texts = t('services.rentalAgreement', { returnObjects: true }) as ServicePageTexts;
  return (
    <ServicePage
      content={servicePage(texts, SERVICE_LINKS.rentalAgreement)}
      extra={
        <ContentSection
          title={t('services.priceByState.title')}
          intro={t('services.priceByState.intro', {
            rent: wholeRupees(SAMPLE_RENT),
            deposit: wholeRupees(SAMPLE_DEPOSIT),
          })}
          tone="muted"
        >
          <RentPriceTable />
        </ContentSection>
      }
    />
  );
}

export function DocumentServicesPage() {
  const { t } = useTranslation('pages');
  const texts = t('services.documentServices', { returnObjects: true }) as ServicePageTexts;
  return <ServicePage content={servicePage(texts, SERVICE_LINKS.documentServices)} />;
}

export function BusinessSolutionsPage() {
  const { t } = useTranslation('pages');
  const texts = t('services.businessSolutions', {
    returnObjects: true,
    payoutCap: wholeRupees(PAYOUT_CAP),
    unlimitedCap: wholeRupees(UNLIMITED_PAYOUT_CAP),
  }) as ServicePageTexts;
  return <ServicePage content={servicePage(texts, SERVICE_LINKS.businessSolutions)} />;
}
