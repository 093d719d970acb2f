/* Issue 28: the rent agreement screens. */
export { RentAgreementDetailsPage } from './RentAgreementDetailsPage';
export { RentAgreementPage } from './RentAgreementPage';
export { RentalAgreementsPage } from './RentalAgreementsPage';
