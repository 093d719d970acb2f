import type { PageIntroContent } from '../content-types';

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** Points read as a list, after the paragraphs. */
  list?: string[];
}

export interface LegalDocumentContent {
  intro: PageIntroContent;
  /** ISO date of the last change. */
  lastUpdated: string;
  sections: LegalSection[];
}

/**
 * The business terms of spec §9, word for word. The terms and the refund policy quote them
 * from here, so the two documents cannot say different things.
 */
export const TermsConstants = {
  liabilityCap: 'Rs. 100 or the transaction cost, whichever is lower',
  companyNotice: '15 days',
  merchantNotice: '30 days',
  thirdPartyRefundTime: '7-10 working days',
} as const;
