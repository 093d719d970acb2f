import { type Check, fail, pass } from './check.js';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from './limits.js';
import { Messages } from './messages.js';

export type PinChange = { oldPin: string; newPin: string };

/** The wallet transfer PIN: required, digits only, 4 to 10 digits. */
export function checkPin(input: unknown): Check<string> {
  return pinWithRequiredMessage(input, Messages.pinRequired);
}

/** The payout confirmation PIN: the same rules, with the payout screen's required message. */
export function checkPayoutPin(input: unknown): Check<string> {
  return pinWithRequiredMessage(input, Messages.payoutPinRequired);
}

/** Spec §4: the PIN confirmation button enables at 4 characters, before digits are checked. */
export function canSubmitPin(pin: string): boolean {
  return pin.length >= PIN_MIN_LENGTH;
}

export function checkChangePin(input: { oldPin?: unknown; newPin?: unknown }): Check<PinChange> {
  if (!isPinString(input.oldPin) || !isPinString(input.newPin)) {
    return fail(Messages.changePinBothRequired);
  }
  const oldPin = checkPin(input.oldPin);
  if (!oldPin.ok) return oldPin;
  const newPin = checkPin(input.newPin);
  if (!newPin.ok) return newPin;
  if (oldPin.value === newPin.value) return fail(Messages.newPinSameAsOld);
  return pass({ oldPin: oldPin.value, newPin: newPin.value });
}

// A PIN is taken exactly as typed (no trimming) and only as a string: a number would
// already have lost its leading zeros.
function isPinString(input: unknown): input is string {
  return typeof input === 'string' && input !== '';
}

function pinWithRequiredMessage(pin: unknown, requiredMessage: string): Check<string> {
  if (!isPinString(pin)) return fail(requiredMessage);
  if (!/^\d+$/.test(pin)) return fail(Messages.pinDigitsOnly);
  if (pin.length < PIN_MIN_LENGTH || pin.length > PIN_MAX_LENGTH) return fail(Messages.pinLength);
  return pass(pin);
}
