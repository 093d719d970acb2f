import { AppPath } from '../../../../app/paths';
import type { ServicePageContent } from '../service-page-content';

export const documentServices: ServicePageContent = {
  intro: {
    eyebrow: 'Paperwork, handled nearby',
    title: 'Document services',
    lead: 'Your customers need a PAN card, a GST number or an income tax return far more often than they need a long queue. Offer these services from your counter: you collect the documents, our partner professionals do the filing, and your customer gets updates by SMS.',
  },
  actions: [
    { label: 'Offer document services', to: AppPath.signup, primary: true },
    { label: 'Talk to us', to: AppPath.contactUs },
  ],
  offer: {
    title: 'Services you can offer',
    intro:
      'Each service has a fixed fee, shown before the customer pays, and a list of the documents it needs.',
    items: [
      {
        title: 'PAN card',
        body: 'New PAN applications and corrections of name, date of birth or photo, filed through an authorised PAN service provider. The e-PAN arrives by email; the card by post.',
      },
      {
        title: 'GST registration',
        body: 'Registration for small traders and service providers, with help choosing between the regular and composition schemes, and the GST certificate once approved.',
      },
      {
        title: 'Udyam registration',
        body: 'The free Udyam certificate for micro and small enterprises, which many banks and government schemes ask for. We charge only for the help, never for the certificate.',
      },
      {
        title: 'Income tax returns',
        body: 'ITR-1 and ITR-4 filing for salaried people, pensioners and small businesses, prepared by a tax professional and shared with the customer before it is filed.',
      },
      {
        title: 'Passport application help',
        body: 'Filling the online application and booking the appointment at the Passport Seva Kendra. The customer attends the appointment in person.',
      },
      {
        title: 'Affidavits and attestation',
        body: 'Common affidavits, such as for a name change or address proof, drafted on stamp paper and attested by a notary through our partner advocates.',
      },
    ],
  },
  steps: {
    title: 'How a document service works',
    intro: 'You stay the face your customer knows; the filing happens behind the counter.',
    items: [
      {
        title: 'Choose the service',
        body: 'Pick the service and see the fee, the expected time and the documents needed.',
      },
      {
        title: 'Upload the documents',
        body: 'Scan or photograph the documents with the customer present. Blurred or cut-off pages are flagged before you submit.',
      },
      {
        title: 'We file it',
        body: 'A partner professional checks the application and files it. If something is missing, you hear about it the same working day.',
      },
      {
        title: 'Your customer is updated',
        body: 'Status updates go to the customer by SMS, and the final document to their email or to your counter.',
      },
    ],
  },
  faqs: {
    title: 'Questions about document services',
    items: [
      {
        question: "Do you keep copies of my customers' documents?",
        answer:
          'Only as long as the filing and the law need them. Documents are stored encrypted and seen only by the professional handling the case; see our privacy policy.',
      },
      {
        question: 'Can the government fee change after I quote it?',
        answer:
          'Government fees are shown separately from our fee and are passed on at cost. If a department changes its fee, the new fee shows before you confirm a new application.',
      },
      {
        question: 'What if an application is rejected?',
        answer:
          'We tell you why and what to fix. One resubmission after a correction is included in the fee.',
      },
    ],
  },
  closing: {
    title: 'Add document services to your counter',
    body: 'Document services are available to active retailers with completed KYC. Tell us which services your customers ask for most and we will switch them on.',
    action: { label: 'Contact us', to: AppPath.contactUs },
  },
};
