import type { Highlight, PageIntroContent } from '../content-types';

export const trackIntro: PageIntroContent = {
  eyebrow: 'Rent agreements',
  title: 'Track your rent agreement',
  lead: 'Enter the agreement’s reference and the mobile number of its landlord or tenant.',
};

export const referenceHelp =
  'The reference is RA and 10 letters and digits, for example RAK7RW2QKBVM. The shop gives it to you when the agreement is drafted.';

export const mobileHelp = 'The mobile number of the landlord or the tenant on the agreement.';

/** How the tracker names each step the API reports. */
export const STEP_WORDS: Record<string, string> = {
  drafted: 'Drafted',
  paid: 'Paid',
  'stamp-failed': 'E-stamp delayed',
  stamped: 'E-stamp bought',
  'sent-for-signing': 'Sent for signing',
  signed: 'Signed by every party',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'cancelled-refunded': 'Cancelled and refunded',
};

export const STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  paid: 'Paid',
  stamped: 'Stamp ordered',
  signing: 'Waiting for signatures',
  signed: 'Signed by every party',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The stages every agreement goes through, so a status from support makes sense. */
export const stages: Highlight[] = [
  {
    title: 'Drafted',
    body: 'The shop has entered the details of landlord, tenant and property; the draft PDF can be shared.',
  },
  {
    title: 'Paid',
    body: 'The shop has paid the stamp duty and the service charge.',
  },
  {
    title: 'E-stamp bought',
    body: "The stamp duty is paid and the agreement is printed on e-stamp paper of the property's state.",
  },
  {
    title: 'Signed',
    body: 'Landlord and tenant have each signed with Aadhaar eSign.',
  },
  {
    title: 'Completed',
    body: 'The signed agreement is ready as a PDF at the shop.',
  },
];
