import { fail, pass, type Check } from '@khata/domain';

// Khata's rent agreement reference: RA and 10 letters and digits (docs/api.md "Rent agreements").
const REFERENCE = /^RA[0-9A-Z]{10}$/;

/** A rent-agreement reference as the shop gave it; case and spaces do not matter. */
export function checkAgreementReference(input: unknown): Check<string> {
  const reference = typeof input === 'string' ? input.replace(/\s/g, '').toUpperCase() : '';
  if (reference === '') return fail('Please enter the agreement reference.');
  if (!REFERENCE.test(reference)) {
    return fail('A reference is RA and 10 letters and digits, for example RAK7RW2QKBVM.');
  }
  return pass(reference);
}
