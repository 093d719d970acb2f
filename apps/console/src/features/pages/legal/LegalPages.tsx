import { useTranslation } from 'react-i18next';
import { legalDocument } from './documents';
import { LegalDocument } from './LegalDocument';

/** The four legal pages of the footer; one lazy chunk, as they share their layout. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('pages');
  return <LegalDocument document={legalDocument(t, 'privacy')} />;
}

export function TermsAndConditionsPage() {
  const { t } = useTranslation('pages');
  return <LegalDocument document={legalDocument(t, 'terms')} />;
}

export function CookiePolicyPage() {
  const { t } = useTranslation('pages');
  return <LegalDocument document={legalDocument(t, 'cookie')} />;
}

export function RefundPolicyPage() {
  const { t } = useTranslation('pages');
  return <LegalDocument document={legalDocument(t, 'refund')} />;
}
