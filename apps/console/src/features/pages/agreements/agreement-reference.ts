import { fail, pass, type Check } from '@khata/domain';

// A receipt's reference: letters and digits, with hyphens or slashes between groups.
const REFERENCE = /^[A-Z0-9]+([-/][A-Z0-9]+)*$/;

/** A rent-agreement reference as printed on the receipt; case and spaces do not matter. */
export function checkAgreementReference(input: unknown): Check<string> {
  const reference = typeof input === 'string' ? input.trim().toUpperCase() : '';
  if (reference === '') return fail('Please enter the reference number from your receipt.');
  if (reference.length < 6 || reference.length > 30 || !REFERENCE.test(reference)) {
    return fail('A reference has 6 to 30 letters and digits, for example KRA-261104-0042.');
  }
  return pass(reference);
}
