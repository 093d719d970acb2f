import { COMPANY } from '../company/company-facts';
import { TermsConstants, type LegalDocumentContent } from './legal-document';

export const refundPolicy: LegalDocumentContent = {
  intro: {
    eyebrow: 'Legal',
    title: 'Refund policy',
    lead: 'When money comes back to your Khata wallet, how long it takes, and what cannot be refunded.',
  },
  lastUpdated: '2026-11-01',
  sections: [
    {
      id: 'failed-payments',
      heading: 'Payments that fail',
      paragraphs: [
        'If a payout, transfer or bill payment fails before a bank or biller accepts it, the amount and the fee go back to your wallet immediately, and the transaction shows as failed with its reason.',
      ],
    },
    {
      id: 'third-party-transfers',
      heading: 'Refunds of third-party transfers',
      paragraphs: [
        `Refunds of third-party transfers take ${TermsConstants.thirdPartyRefundTime}. This applies when a bank, payment network or biller has accepted a payment and later returns it, for example because the beneficiary account is closed or the name does not match.`,
        'While we wait for the third party, the amount is shown as a lien in your wallet, so you can see it is on its way back. Once it is returned, the lien is released to your balance with a ledger entry that names the original transaction.',
      ],
    },
    {
      id: 'aeps',
      heading: 'AEPS transactions',
      paragraphs: [
        "If a customer's account is debited for an AEPS withdrawal that failed at your counter, the customer's bank reverses the debit to the customer's account. Give the customer the receipt of the failed transaction; it carries the reference their bank asks for.",
      ],
    },
    {
      id: 'not-refundable',
      heading: 'What cannot be refunded',
      paragraphs: ['Some amounts cannot be returned once the service has been delivered:'],
      list: [
        'A payment that succeeded to the account number and IFSC you entered, even if they were wrong. We will help you contact the receiving bank, but cannot reverse it.',
        'Stamp duty for a rent agreement once the e-stamp paper is bought, and government fees for document services once the application is filed.',
        'Wallet top-ups, except when a top-up was credited twice or in error; then the extra amount is returned to the bank account it came from.',
      ],
    },
    {
      id: 'how-to-ask',
      heading: 'How to ask about a refund',
      paragraphs: [
        `Raise a ticket from your dashboard with the transaction reference, or write to ${COMPANY.grievanceOfficer.email}. If a refund has not reached you in the time above, we will trace it with the bank and tell you what we find.`,
      ],
    },
  ],
};
