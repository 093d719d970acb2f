import type { Highlight, PageIntroContent } from '../content-types';

export const trackIntro: PageIntroContent = {
  eyebrow: 'Rent agreements',
  title: 'Track your rent agreement',
  lead: 'Enter the reference number printed on the receipt you got when the agreement was booked.',
};

/** Why no status can be shown here yet; said plainly rather than showing a made-up one. */
export const notConnected = {
  title: 'Online tracking is not connected yet',
  body: 'The tracking service of our agreement partner is not linked to this page yet, so we cannot look up your agreement here. Ask the shop where you booked it, or call or WhatsApp our support team with your reference number: they can tell you its status right away.',
};

export const referenceHelp =
  'The reference starts with KRA, for example KRA-261104-0042. It is printed at the top of the receipt and sent to the landlord and tenant by SMS.';

/** The stages every agreement goes through, so a status from support makes sense. */
export const stages: Highlight[] = [
  {
    title: 'Details received',
    body: 'The shop has submitted the details of landlord, tenant and property.',
  },
  {
    title: 'Draft shared',
    body: 'Both parties have the draft to review. Changes are free at this stage.',
  },
  {
    title: 'E-stamp bought',
    body: "The stamp duty is paid and the agreement is printed on e-stamp paper of the property's state.",
  },
  {
    title: 'Signed',
    body: 'Landlord and tenant have signed, with Aadhaar eSign or on paper.',
  },
  {
    title: 'Delivered',
    body: 'The final agreement has been sent to both parties, as a PDF and by courier if requested.',
  },
];
