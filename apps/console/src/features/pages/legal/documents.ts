import { TERMS_FLAG_DAYS } from '@khata/domain';
import { COMPANY } from '../company/company-facts';
import type { PagesT } from '../texts';
import type { LegalDocumentContent, LegalSection } from './legal-document';

/** A legal document's section as the `pages` texts hold it: its anchor is kept in code. */
type SectionTexts = Omit<LegalSection, 'id'>;

interface DocumentTexts {
  intro: LegalDocumentContent['intro'];
  sections: SectionTexts[];
}

/** The date of each document's last change and its sections' anchors, in the order of their texts. */
const DOCUMENTS = {
  privacy: {
    lastUpdated: '2026-11-01',
    sectionIds: [
      'who-we-are',
      'what-we-collect',
      'customers',
      'how-we-use',
      'sharing',
      'retention',
      'security',
      'your-rights',
      'grievance-officer',
      'changes',
    ],
  },
  terms: {
    lastUpdated: '2026-11-01',
    sectionIds: [
      'acceptance',
      'accounts',
      'services',
      'merchant-duties',
      'liability',
      'refunds',
      'suspension-termination',
      'changes',
      'law',
    ],
  },
  cookie: {
    lastUpdated: '2026-11-01',
    sectionIds: [
      'what-are-cookies',
      'where-set',
      'cookies-we-use',
      'browser-storage',
      'forced-logout',
      'your-choices',
    ],
  },
  refund: {
    lastUpdated: '2026-11-01',
    sectionIds: [
      'failed-payments',
      'third-party-transfers',
      'aeps',
      'not-refundable',
      'how-to-ask',
    ],
  },
} as const;

export type LegalDocumentName = keyof typeof DOCUMENTS;

function withIds(name: LegalDocumentName, texts: DocumentTexts): LegalDocumentContent {
  const { lastUpdated, sectionIds } = DOCUMENTS[name];
  return {
    intro: texts.intro,
    lastUpdated,
    sections: sectionIds.map((id, index) => ({ id, ...texts.sections[index] })),
  };
}

/**
 * The four legal documents in the reader's language. The business terms of spec §9 are
 * `legal.constants` (their English is TermsConstants', word for word), so the terms and the
 * refund policy cannot say different things.
 */
export function legalDocument(t: PagesT, name: LegalDocumentName): LegalDocumentContent {
  const constants = {
    liabilityCap: t('pages:legal.constants.liabilityCap'),
    companyNotice: t('pages:legal.constants.companyNotice'),
    merchantNotice: t('pages:legal.constants.merchantNotice'),
    refundTime: t('pages:legal.constants.thirdPartyRefundTime'),
    jurisdiction: t('pages:legal.constants.jurisdiction'),
  };
  const values = {
    companyName: COMPANY.legalName,
    office: COMPANY.registeredOffice.slice(1).join(', '),
    fullOffice: COMPANY.registeredOffice.join(', '),
    grievanceName: COMPANY.grievanceOfficer.name,
    grievanceEmail: COMPANY.grievanceOfficer.email,
    flagLifetime: t('pages:legal.constants.flagLifetime', { count: TERMS_FLAG_DAYS }),
    ...constants,
  };
  switch (name) {
    case 'privacy':
      return withIds(
        name,
        t('pages:legal.privacy', { ...values, returnObjects: true }) as DocumentTexts,
      );
    case 'terms':
      return withIds(
        name,
        t('pages:legal.terms', { ...values, returnObjects: true }) as DocumentTexts,
      );
    case 'cookie':
      return withIds(
        name,
        t('pages:legal.cookie', { ...values, returnObjects: true }) as DocumentTexts,
      );
    case 'refund':
      return withIds(
        name,
        t('pages:legal.refund', { ...values, returnObjects: true }) as DocumentTexts,
      );
  }
}
