import { checkText } from '@khata/domain';
import { MAX_BODY_DEPTH } from './body-depth.js';
import { SafeInputMessages } from './safe-input-messages.js';

export { SafeInputMessages } from './safe-input-messages.js';

// Field names of the contract that read badly when split ("Ifsc code"), in a person's words.
const LABELS: Readonly<Record<string, string>> = {
  AccountNo: 'Account number',
  IfscCode: 'IFSC code',
  ifsc: 'IFSC',
  ifscCode: 'IFSC code',
  beneficiaryIfscCode: 'Beneficiary IFSC code',
  inrPerUnit: 'Rate',
  loginId: 'Session',
  otp: 'OTP',
  utr: 'UTR',
  pin: 'PIN',
  oldPin: 'Old PIN',
  newPin: 'New PIN',
  userId: 'User',
  id: 'Id',
};

/** "beneficiaryName" → "Beneficiary name"; a key that is no identifier is "A field". */
export function fieldLabel(key: string | undefined): string {
  if (key === undefined || !/^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(key)) return 'A field';
  const label = LABELS[key];
  if (label) return label;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The first thing in a request's body or query that no field of ours may carry: text
 * with a control character or a lone surrogate (`checkText`, named by its top-level field), a
 * field name like that, or nesting deeper than the body parser allows. Walked with a stack,
 * not recursion, so no input can overflow it. `undefined` when all is well.
 */
export function unsafeInputIn(input: unknown, name?: string): string | undefined {
  const stack: { value: unknown; field: string | undefined; depth: number }[] = [
    { value: input, field: name, depth: 0 },
  ];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, field, depth } = next;
    if (typeof value === 'string') {
      const text = checkText(value, fieldLabel(field));
      if (!text.ok) return text.message;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return SafeInputMessages.tooDeep;
    for (const [key, child] of Object.entries(value)) {
      if (!checkText(key, '').ok) return SafeInputMessages.fieldName;
      // The top level names the field; below it, the field the value belongs to.
      const childField = depth === 0 && !Array.isArray(value) && name === undefined ? key : field;
      stack.push({ value: child, field: childField, depth: depth + 1 });
    }
  }
  return undefined;
}
