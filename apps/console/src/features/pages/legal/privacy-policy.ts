import { COMPANY } from '../company/company-facts';
import type { LegalDocumentContent } from './legal-document';

export const privacyPolicy: LegalDocumentContent = {
  intro: {
    eyebrow: 'Legal',
    title: 'Privacy policy',
    lead: `How ${COMPANY.legalName} collects, uses, shares and protects the personal data of the merchants who use Khata and of the customers they serve.`,
  },
  lastUpdated: '2026-11-01',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        `${COMPANY.legalName}, ${COMPANY.registeredOffice.slice(1).join(', ')}, decides how your personal data is used on the Khata portal and is responsible for it under the Digital Personal Data Protection Act, 2023.`,
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: ['We collect only what we need to provide the services and meet the law:'],
      list: [
        'Account details: your name, mobile number, email, shop name and address, and the role of your account.',
        'KYC documents: identity and address proofs, PAN, and for businesses their registration documents.',
        'Transaction data: every payment, transfer, settlement and bill payment, with beneficiary names, account numbers and IFSC codes.',
        'Sign-in records: the date and time, IP address and location of each sign-in, so you can review them in your control panel.',
        'Device location: signed-in screens need your latitude and longitude, sent with each request to protect your account against use from unexpected places.',
        'Call-back requests: the name, mobile number and message you leave in the call-back box, and the IP address it was sent from.',
      ],
    },
    {
      id: 'customers',
      heading: 'Data of your customers',
      paragraphs: [
        "When you serve a customer, we process the data the transaction needs: for example the beneficiary's bank details for a payout, the consumer number for a bill, or the Aadhaar number for AEPS. We never store Aadhaar numbers in full or fingerprints: biometric data is encrypted by the certified RD service on your device and passed to the bank for authentication only.",
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use it',
      paragraphs: ['We use personal data to:'],
      list: [
        'open and run your account, and make the payments you ask for;',
        'verify identity and bank accounts, and prevent fraud and misuse;',
        'keep the records that banking and anti-money-laundering rules require;',
        'answer your questions and call you back when you ask us to;',
        'tell you about changes to the services, fees or these policies.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: [
        'We share personal data only with those who need it to complete a service or whom the law requires us to inform: partner banks and payment networks such as NPCI, billers, KYC verification agencies, our partner professionals for document services, and regulators, courts or law enforcement on a lawful request. We do not sell personal data, and we do not share it for advertising.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      paragraphs: [
        'Transaction and KYC records are kept for as long as the law requires, currently at least five years after your account is closed. Call-back requests are deleted one year after they are handled. Other data is deleted when it is no longer needed.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect it',
      paragraphs: [
        'Data travels encrypted, passwords and PINs are stored only as salted hashes, access by our staff is limited to those who need it and is logged, and our ledger cannot be edited. No system is perfectly secure; if a breach affects you, we will tell you and the Data Protection Board as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: [
        'You may ask for a summary of the personal data we hold about you, ask us to correct or complete it, ask us to erase data we no longer need to keep, withdraw a consent you gave, and nominate someone to exercise these rights for you. Write to our grievance officer; we reply within 30 days.',
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance officer',
      paragraphs: [
        `${COMPANY.grievanceOfficer.name}, Grievance Officer, ${COMPANY.registeredOffice.join(', ')}. Email: ${COMPANY.grievanceOfficer.email}. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'When we change this policy, we update the date at the top and, for significant changes, tell signed-in users on the portal.',
      ],
    },
  ],
};
