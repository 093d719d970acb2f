/** Facts about the company that several pages (about, contact, legal) state the same way. */
export const COMPANY = {
  legalName: 'Khata Payments Pvt. Ltd.',
  registeredOffice: [
    'Khata Payments Pvt. Ltd.',
    '4th Floor, Plot 18, Udyog Vihar Phase IV',
    'Gurugram',
    'Haryana 122015, India',
  ],
  grievanceOfficer: { name: 'Neha Kapoor', email: 'grievance@khata.in' },
  careersEmail: 'careers@khata.in',
  businessEmail: 'business@khata.in',
  /** The courts of this city hear disputes under the terms. */
  jurisdiction: 'Gurugram, Haryana',
} as const;
