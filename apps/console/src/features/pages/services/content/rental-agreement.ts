import { AppPath } from '../../../../app/paths';
import type { ServicePageContent } from '../service-page-content';

export const rentalAgreement: ServicePageContent = {
  intro: {
    eyebrow: 'Rent agreements, made at your counter',
    title: 'Rental agreements',
    lead: 'Help landlords and tenants get a rent agreement without a trip to the stamp vendor or a lawyer. You enter the details, Khata drafts the agreement on e-stamp paper of the right state, both parties sign, and the finished agreement is delivered to them.',
  },
  actions: [
    { label: 'Track an agreement', to: AppPath.trackAgreement, primary: true },
    { label: 'Talk to us', to: AppPath.contactUs },
  ],
  offer: {
    title: 'What the service covers',
    intro: 'A residential or commercial rent agreement, ready to use, from one counter.',
    items: [
      {
        title: 'Drafting',
        body: 'A clear agreement in English or Hindi with rent, security deposit, notice period, maintenance, lock-in and the list of fittings, drafted from the details you enter.',
      },
      {
        title: 'E-stamp paper',
        body: "The stamp duty of the property's state is paid and the agreement is printed on e-stamp paper. The duty and our fee are shown before the customer pays anything.",
      },
      {
        title: 'Signatures',
        body: 'Landlord and tenant sign with Aadhaar eSign from their own phones, or on paper at your counter where the state requires it.',
      },
      {
        title: 'Registration where needed',
        body: 'Agreements of 12 months or more must be registered. Where the state offers online registration, such as the leave-and-licence registration in Maharashtra, we arrange it with a biometric visit.',
      },
      {
        title: 'Delivery',
        body: 'The signed agreement reaches both parties as a PDF, and on paper by courier when they ask for it.',
      },
      {
        title: 'A reference to follow it',
        body: 'Every agreement gets a reference number on the receipt, so your customer can ask you or our support team how far it has got.',
      },
    ],
  },
  steps: {
    title: 'From details to a signed agreement',
    intro: 'Most agreements are ready within two working days of the details being complete.',
    items: [
      {
        title: 'Collect the details',
        body: 'Names and addresses of landlord and tenant, the property address, rent, deposit, start date and term, and a photo ID of each party.',
      },
      {
        title: 'Review the draft',
        body: 'Both parties get the draft to read. Changes are free until they approve it.',
      },
      {
        title: 'Pay the stamp duty and fee',
        body: "The customer pays at your counter; the amount is taken from your Khata wallet and the e-stamp is bought in the property's state.",
      },
      {
        title: 'Sign and receive',
        body: 'Landlord and tenant sign, and the final agreement is delivered to both. Keep the reference number until it arrives.',
      },
    ],
  },
  faqs: {
    title: 'Questions about rent agreements',
    items: [
      {
        question: 'Why are most rent agreements made for 11 months?',
        answer:
          'Under the Registration Act, 1908, a lease of 12 months or more must be registered at the sub-registrar, with its fees. An 11-month agreement does not need registration, which is why it is common. We make agreements of any term and tell you when registration applies.',
      },
      {
        question: 'How much stamp duty will my customer pay?',
        answer:
          "It depends on the property's state and, in many states, on the rent, deposit and term. The exact amount shows on screen before you confirm.",
      },
      {
        question: 'Can the landlord and tenant be in different cities?',
        answer:
          'Yes. With Aadhaar eSign each party signs from their own phone, wherever they are. Only registration, where required, needs a visit.',
      },
      {
        question: 'Is the fee refunded if the agreement is cancelled?',
        answer:
          'Before the e-stamp paper is bought, the full amount is refunded to your wallet. Once the e-stamp is bought, the stamp duty cannot be refunded; see our refund policy.',
      },
    ],
  },
  closing: {
    title: 'Already made an agreement with us?',
    body: 'Follow its progress with the reference number printed on the receipt.',
    action: { label: 'Track an agreement', to: AppPath.trackAgreement },
  },
};
