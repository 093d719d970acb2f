import { fail, pass, type Check } from '@khata/domain';
import { i18n } from '../../../i18n/i18n';

// Khata's rent agreement reference: RA and 10 letters and digits (docs/api.md "Rent agreements").
const REFERENCE = /^RA[0-9A-Z]{10}$/;

/** A rent-agreement reference as the shop gave it; case and spaces do not matter. */
export function checkAgreementReference(input: unknown): Check<string> {
  const reference = typeof input === 'string' ? input.replace(/\s/g, '').toUpperCase() : '';
  if (reference === '') return fail(i18n.t('pages:agreements.referenceRequired'));
  if (!REFERENCE.test(reference)) {
    return fail(i18n.t('pages:agreements.referenceInvalid'));
  }
  return pass(reference);
}
