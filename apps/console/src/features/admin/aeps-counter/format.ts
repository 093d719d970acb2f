import type { Paise } from '@khata/domain';

/*
 * Issue 26: the AEPS counter's small pure rules, in a module with no relative imports so the
 * unit tests (tests/unit/aeps-counter.spec.ts, Node's module resolution) can load it.
 */

/** Still with the bank: the screen asks again until it is final. */
export function inFlight(status: string): boolean {
  return status === 'queued' || status === 'processing';
}

/** The Aadhaar number as typed, shown 4-4-4 (`2345 6789 0124`): digits only, at most 12. */
export function groupAadhaar(typed: unknown): string {
  const digits = String(typeof typed === 'string' ? typed : '')
    .replace(/\D/g, '')
    .slice(0, 12);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Aadhaar Pay's fee on an amount, as a preview before the bank answers (the receipt prints the
 * API's own `merchantFee`): the status's percentage, to the nearest paisa.
 */
export function aadhaarPayFee(amount: Paise, feePercent: number): Paise {
  return Math.round((amount * feePercent) / 100);
}

/**
 * The India date a reversal is due by ("3 Dec 2026"), from the API's ISO time or day, in the
 * given Intl locale (the console passes its language's).
 */
export function reversalDay(reversalDueBy: string | null, locale = 'en-IN'): string | null {
  if (!reversalDueBy) return null;
  const day = new Date(
    reversalDueBy.length === 10 ? `${reversalDueBy}T12:00:00+05:30` : reversalDueBy,
  );
  if (Number.isNaN(day.getTime())) return null;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(day);
}

/**
 * RBI's T+5: the customer's money comes back by itself; the shop says so. `say` words it (the
 * screen's translation), with the due day when the API gave one; null when there is nothing to
 * say (not failed, or the bank did not debit).
 */
export function reversalText(
  transaction: { status: string; bankDebited: boolean; reversalDueBy: string | null },
  say: (due: string | null) => string,
  locale = 'en-IN',
): string | null {
  if (transaction.status !== 'failed' || !transaction.bankDebited) return null;
  return say(reversalDay(transaction.reversalDueBy, locale));
}
