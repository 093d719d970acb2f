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
    { label: 'Ask for the nearest shop', to: AppPath.contactUs },
    { label: 'Shops: sign in to draft one', to: AppPath.login },
  ],
  offer: {
    title: 'What the service covers',
    intro: 'A residential or commercial rent agreement, ready to use, from one counter.',
    items: [
      {
        title: 'Drafting',
        body: 'A clear agreement in English with rent, security deposit, notice period, maintenance, lock-in and the list of fittings, drafted from the details you enter.',
      },
      {
        title: 'E-stamp paper',
        body: "The stamp duty of the property's state is paid and the agreement is printed on e-stamp paper. The duty and our fee are shown before the customer pays anything.",
      },
      {
        title: 'Signatures',
        body: 'Landlord and tenant sign with Aadhaar eSign: each gets a one-time code on their own mobile and reads it out at your counter.',
      },
      {
        title: 'Registration where needed',
        body: 'Agreements of 12 months or more, and every leave-and-licence agreement in Maharashtra, must be registered with the sub-registrar. The form warns you when it applies; the registration visit itself is booked by the parties.',
      },
      {
        title: 'Delivery',
        body: 'The signed agreement is a PDF you download as soon as the last party signs, to share with both parties.',
      },
      {
        title: 'A reference to follow it',
        body: 'Every agreement gets a reference number (RA and 10 letters and digits), so your customer can track it here with their mobile number.',
      },
    ],
  },
  steps: {
    title: 'From details to a signed agreement',
    intro:
      'When both parties are at the counter, an agreement is drafted, stamped and signed in one visit.',
    items: [
      {
        title: 'Collect the details',
        body: 'Names and addresses of landlord and tenant, the property address, rent, deposit, start date and term, and a photo ID of each party.',
      },
      {
        title: 'Review the draft',
        body: 'Download the draft PDF for both parties to read before anything is paid.',
      },
      {
        title: 'Pay the stamp duty and fee',
        body: "The customer pays at your counter; the amount is taken from your Khata wallet and the e-stamp is bought in the property's state.",
      },
      {
        title: 'Sign and receive',
        body: 'Landlord and tenant sign by Aadhaar eSign, and the signed PDF is ready at once.',
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
          'Yes. Each party gets the eSign code on their own mobile; they can sign at different times, each reading the code to the shop. Registration, where required, needs a visit.',
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
    body: 'Follow its progress with its reference number and the mobile number of the landlord or tenant.',
    action: { label: 'Track an agreement', to: AppPath.trackAgreement },
  },
};
