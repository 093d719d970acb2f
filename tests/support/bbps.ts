import { randomInt } from 'node:crypto';

/**
 * BBPS test data (issue 27): customer values the sandbox provider reads (the last two digits of
 * the biller's first parameter choose its answer: docs/api.md "The sandbox BBPS provider's test
 * data"), each new, so one test's bill is never another's.
 */
export const BBPS_CODES = {
  due: '00',
  noBill: '11',
  overdue: '12',
  billerDown: '13',
  invalidCustomer: '14',
  earlyAmount: '15',
  payFails: '21',
  pendingThenPaid: '22',
  timeoutThenPaid: '23',
  providerDown: '24',
  pendingThenFailed: '25',
} as const;

/** A DHBVN account number (10 digits) ending in `code`. */
export function dhbvnAccount(code: string = BBPS_CODES.due): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}${code}`;
}

/** A card's last four digits ending in `code`. */
export function cardLast4(code: string = BBPS_CODES.due): string {
  return `${String(randomInt(0, 100)).padStart(2, '0')}${code}`;
}

/** The agent's device tags every fetch and payment carries: a Gurugram shop. */
export const SHOP_PLACE = { geocode: '28.4595,77.0266', postalCode: '122001' } as const;
