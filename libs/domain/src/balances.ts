import { fail, pass, type Check } from './check.js';
import { formatPaise, parseRupees, type Paise } from './money.js';
import { MAX_TRANSFER_AMOUNT } from './limits.js';
import { Messages } from './messages.js';

/**
 * Lien, security deposit, overdraft and admin debit (issue 13): what an admin does to a
 * wallet beside crediting it, each a ledger event with the admin's PIN and a reason.
 */

/** The longest reason we keep for a lien, deposit, overdraft change or debit. */
export const BALANCE_REASON_MAX = 200;

/** The most an overdraft limit may be: ₹10,00,000. */
export const MAX_OVERDRAFT_LIMIT: Paise = 10_00_000_00;

export const BalanceMessages = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason can be at most ${BALANCE_REASON_MAX} characters.`,
  userRequired: 'Please choose a user.',
  limitInvalid: 'Please enter a valid overdraft limit in rupees (0 ends the overdraft).',
  limitTooLarge: 'An overdraft limit can be at most ₹10,00,000.00.',
  overdraftBelowOwed:
    'The overdraft limit cannot be below what the wallet already owes. Credit the wallet first.',
  /** A lien (or deposit) holds only money in the wallet, never its overdraft (issue 23). */
  lienAboveMoney: (most: Paise) => heldAboveMoney('lien', most),
  depositAboveMoney: (most: Paise) => heldAboveMoney('security deposit', most),
  debitAboveAvailable: 'The debit is larger than the available balance of the wallet.',
  lienNotFound: 'Lien not found.',
  depositNotFound: 'Security deposit not found.',
  lienAlreadyReleased: 'This lien has already been released.',
  depositAlreadyReleased: 'This security deposit has already been released.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
  lienPlaced: 'Lien placed.',
  lienReleased: 'Lien released.',
  depositHeld: 'Security deposit held.',
  depositReleased: 'Security deposit released.',
  overdraftSet: 'Overdraft limit set.',
  overdraftEnded: 'Overdraft ended.',
  walletDebited: 'Wallet debited.',
} as const;

function heldAboveMoney(what: string, most: Paise): string {
  const held = `A ${what} holds only money in the wallet, not its overdraft`;
  return most > 0
    ? `${held}: it can be at most ${formatPaise(most)} now.`
    : `${held}, and the wallet has no money to hold now.`;
}

export function checkReason(input: unknown): Check<string> {
  if (typeof input !== 'string' || input.trim() === '') return fail(BalanceMessages.reasonRequired);
  const reason = input.trim();
  return reason.length > BALANCE_REASON_MAX ? fail(BalanceMessages.reasonTooLong) : pass(reason);
}

/** An amount for a lien, deposit or debit: like a transfer's (positive, at most ₹1 crore). */
export function checkBalanceAmount(input: unknown): Check<Paise> {
  const amount = parseRupees(input);
  if (!amount.ok) return amount;
  if (amount.value === 0) return fail(Messages.amountNotPositive);
  return amount.value > MAX_TRANSFER_AMOUNT ? fail(Messages.amountAboveTransferMax) : amount;
}

/** An overdraft limit in rupees: zero (ends it) up to MAX_OVERDRAFT_LIMIT. */
export function checkOverdraftLimit(input: unknown): Check<Paise> {
  if (input === 0 || input === '0') return pass(0);
  const limit = parseRupees(input);
  if (!limit.ok) return fail(BalanceMessages.limitInvalid);
  return limit.value > MAX_OVERDRAFT_LIMIT ? fail(BalanceMessages.limitTooLarge) : limit;
}

/**
 * Issue 23: what a wallet may spend now, by the ledger's floor rule (`ledger_append`: available
 * + overdraft limit may not go below zero). `wallet` is its available balance (posted less held,
 * negative while credit is in use), `overdraftLimit` the credit an admin allowed. `credit` is the
 * part of `available` that is credit, not the user's money.
 */
export function spendable(
  wallet: Paise,
  overdraftLimit: Paise,
): { available: Paise; credit: Paise } {
  const available = Math.max(wallet + overdraftLimit, 0);
  return { available, credit: Math.min(overdraftLimit, available) };
}

/** How much of a payment (with its fee) the wallet would pay on credit: what its money does not cover. */
export function creditInPayment(total: Paise, wallet: Paise): Paise {
  return Math.min(Math.max(total - Math.max(wallet, 0), 0), total);
}

/** "Available ₹5,000.00 (including ₹2,000.00 credit)": the line shown before money is spent. */
export function availableLine(available: Paise, credit: Paise): string {
  const line = `Available ${formatPaise(available)}`;
  return credit > 0 ? `${line} (including ${formatPaise(credit)} credit)` : line;
}

/** The warning before a payment that spends credit: how much of it is credit. */
export function creditWarning(credit: Paise, total: Paise): string {
  return credit >= total
    ? `All of this ${formatPaise(total)} payment is credit from your overdraft limit: your wallet will owe it.`
    : `${formatPaise(credit)} of this ${formatPaise(total)} payment is credit from your overdraft limit: your wallet will owe it.`;
}
