import { COMPANY } from '../company/company-facts';
import { TermsConstants, type LegalDocumentContent } from './legal-document';

const { liabilityCap, companyNotice, merchantNotice, thirdPartyRefundTime } = TermsConstants;

export const termsAndConditions: LegalDocumentContent = {
  intro: {
    eyebrow: 'Legal',
    title: 'Terms and conditions',
    lead: `These terms are the agreement between ${COMPANY.legalName} ("Khata", "we") and every retailer, distributor, partner or business ("merchant", "you") that uses the Khata portal and its services.`,
  },
  lastUpdated: '2026-11-01',
  sections: [
    {
      id: 'acceptance',
      heading: 'Accepting these terms',
      paragraphs: [
        'By creating an account or using any Khata service you accept these terms. Signed-in users are asked to accept them again from time to time; if you decline, you are signed out and cannot use the services until you accept.',
        'If you accept on behalf of a business, you confirm that you are authorised to bind it.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account and KYC',
      paragraphs: [
        'You must give true and complete information when you sign up and complete the KYC we ask for. We activate an account only after KYC is verified, and we may ask for documents again when the law or our risk checks require it.',
        'You are responsible for everything done with your login and transaction PIN. Keep them secret, give each member of your staff their own login, and tell us at once if you suspect that someone else has used your account.',
      ],
    },
    {
      id: 'services',
      heading: 'The services',
      paragraphs: [
        'Khata provides a prepaid wallet and, through partner banks, payment networks and service providers, bank payouts, wallet-to-wallet transfers, AEPS transactions and settlement, utility bill payments and other services listed on our services page.',
        'Payments are made from your wallet balance only. Each payment is final once you confirm it with your PIN and the bank or biller accepts it; we cannot recall a payment sent to a wrong account that you entered.',
      ],
      list: [
        'A payout must be less than the limit shown on the payout screen.',
        'The same amount to the same account within a short time asks you to confirm, to protect you against paying twice.',
        'Fees and commissions are those of your rate card, and every screen shows the fee before you confirm.',
      ],
    },
    {
      id: 'merchant-duties',
      heading: 'What you agree to do',
      paragraphs: ['As a merchant you agree to:'],
      list: [
        'serve customers only with their consent, and give them a receipt for every transaction;',
        'collect from a customer no more than the amount of the payment and the fee shown on screen;',
        'use AEPS only with the customer present, authenticating with their own fingerprint;',
        'not use the services for anything unlawful, including money laundering, gambling or payments for prohibited goods;',
        'keep records of your transactions and cooperate with any inquiry by us, a partner bank or an authority.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      paragraphs: [
        `Our liability is capped at ${liabilityCap}, for any claim arising from a transaction or from the use of the services.`,
        'We are not liable for delays or failures caused by banks, payment networks, billers, power or network outages, or events beyond our reasonable control, nor for any indirect or consequential loss. Nothing in these terms limits a liability that the law does not allow to be limited.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Failed payments and refunds',
      paragraphs: [
        'When a payment fails before it leaves Khata, the amount and fee are returned to your wallet at once.',
        `Refunds of third-party transfers take ${thirdPartyRefundTime}. A third-party transfer is a payment that a bank, payment network or biller has accepted and later returns; the refund reaches your wallet once the third party returns it to us. Our refund policy explains the details.`,
      ],
    },
    {
      id: 'suspension-termination',
      heading: 'Suspension and termination',
      paragraphs: [
        `Either party may end this agreement by written notice. Termination notice is ${companyNotice} by the company and ${merchantNotice} by the merchant.`,
        'We may suspend an account at once, without notice, when we suspect fraud, a breach of these terms or a request of an authority requires it. We will tell you the reason unless the law forbids it.',
        'On termination, your wallet balance, less any amount due to us or held under a lien, is paid to your verified bank account once every pending transaction has settled.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms. We will show the new terms when you next sign in and ask you to accept them. Using the services after that means you accept the new terms.',
      ],
    },
    {
      id: 'law',
      heading: 'Governing law and disputes',
      paragraphs: [
        `These terms are governed by the laws of India. Disputes are first raised with our grievance officer (${COMPANY.grievanceOfficer.email}); if not resolved, the courts of ${COMPANY.jurisdiction} have exclusive jurisdiction.`,
      ],
    },
  ],
};
