import { parseRupees, type Paise } from '@khata/domain';
import { formatMoney } from '../../../i18n/format';

/**
 * Paise from rupees as the API answers them (a JSON number with at most 2 decimals, or a
 * decimal string), read exactly through libs/domain; a leading minus is kept (a ledger line
 * that leaves the wallet, an overdrawn balance). Undefined when it is not an amount.
 */
export function paiseOf(rupees: unknown): Paise | undefined {
  const text = typeof rupees === 'number' ? String(rupees) : rupees;
  if (typeof text !== 'string') return undefined;
  const negative = text.trim().startsWith('-');
  const parsed = parseRupees(negative ? text.trim().slice(1) : text);
  if (!parsed.ok) return undefined;
  return negative ? -parsed.value : parsed.value;
}

/** Rupees with 2 decimals in the current language (`₹1,23,456.78`); a dash when the API sent no amount. */
export function formatRupees(rupees: unknown): string {
  const paise = paiseOf(rupees);
  return paise === undefined ? '—' : formatMoney(paise);
}
