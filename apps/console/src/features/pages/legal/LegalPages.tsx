import { cookiePolicy } from './cookie-policy';
import { LegalDocument } from './LegalDocument';
import { privacyPolicy } from './privacy-policy';
import { refundPolicy } from './refund-policy';
import { termsAndConditions } from './terms-and-conditions';

/** The four legal pages of the footer; one lazy chunk, as they share their layout. */
export function PrivacyPolicyPage() {
  return <LegalDocument document={privacyPolicy} />;
}

export function TermsAndConditionsPage() {
  return <LegalDocument document={termsAndConditions} />;
}

export function CookiePolicyPage() {
  return <LegalDocument document={cookiePolicy} />;
}

export function RefundPolicyPage() {
  return <LegalDocument document={refundPolicy} />;
}
