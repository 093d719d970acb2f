import { describe, expect, it } from '@jest/globals';
import { RUPEE } from '@khata/domain';
import type { AepsTransaction } from '../../apps/console/src/features/admin/aeps-counter/api.js';
import {
  aadhaarPayFee,
  groupAadhaar,
} from '../../apps/console/src/features/admin/aeps-counter/labels.js';
import {
  readAepsReceipt,
  reversalText,
} from '../../apps/console/src/features/admin/aeps-counter/receipt.js';

/** Issue 26: what the AEPS counter shows and prints, from the API's answer. */
const withdrawal: AepsTransaction = {
  id: 'aeps-1',
  kind: 'withdrawal',
  status: 'processed',
  amount: 2500,
  commission: 9.5,
  tds: 0.5,
  merchantFee: 0,
  credited: 2509.5,
  aadhaar: 'XXXX XXXX 4321',
  bankIin: '607094',
  bankName: 'State Bank of India',
  mobile: '9876543210',
  rrn: '123456789012',
  balance: 12000,
  statement: null,
  message: null,
  bankDebited: false,
  reversalDueBy: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: '2026-11-28T10:00:02.000Z',
  shop: { id: 'shop-1', name: 'Asha Kirana' },
};

const lineOf = (view: ReturnType<typeof readAepsReceipt>, label: string) =>
  view.lines.find((line) => line.label === label)?.value;

describe('the AEPS counter', () => {
  it('groups an Aadhaar number 4-4-4 as typed, digits only, at most 12', () => {
    expect(groupAadhaar('2345')).toBe('2345');
    expect(groupAadhaar('23456')).toBe('2345 6');
    expect(groupAadhaar('2345-6789 0124 99')).toBe('2345 6789 0124');
    expect(groupAadhaar(undefined)).toBe('');
  });

  it('prices Aadhaar Pay’s fee at the status’s percentage, to the paisa', () => {
    expect(aadhaarPayFee(1000 * RUPEE, 0.5)).toBe(500);
    expect(aadhaarPayFee(333 * RUPEE, 0.5)).toBe(167);
  });

  it('prints the customer’s copy without the shop’s commission, the shop’s with it', () => {
    const customer = readAepsReceipt(withdrawal, 'customer');
    expect(customer.headline).toBe('Cash withdrawn');
    expect(customer.figure).toBe('₹2,500.00');
    expect(lineOf(customer, 'Aadhaar')).toBe('XXXX XXXX 4321');
    expect(lineOf(customer, 'Bank reference (RRN)')).toBe('123456789012');
    expect(lineOf(customer, 'Commission (net of TDS)')).toBeUndefined();
    const shop = readAepsReceipt(withdrawal, 'shop');
    expect(lineOf(shop, 'Commission (net of TDS)')).toBe('₹9.50');
    expect(lineOf(shop, 'Credited to AEPS balance')).toBe('₹2,509.50');
  });

  it('masks again whatever Aadhaar an answer carries', () => {
    const view = readAepsReceipt({ ...withdrawal, aadhaar: '234567890124' }, 'customer');
    expect(lineOf(view, 'Aadhaar')).toBe('XXXX XXXX 0124');
  });

  it('shows a balance enquiry’s balance as the figure', () => {
    const view = readAepsReceipt(
      { ...withdrawal, kind: 'balance', amount: 0, commission: 0, credited: 0, balance: 15234.75 },
      'customer',
    );
    expect(view.figure).toBe('₹15,234.75');
    expect(view.figureLabel).toBe('Account balance');
  });

  it('says a debited failure is reversed within 5 days, by the due day', () => {
    const failed: AepsTransaction = {
      ...withdrawal,
      status: 'failed',
      bankDebited: true,
      reversalDueBy: '2026-12-03',
      message: 'The bank debited the account but the transaction failed.',
    };
    expect(reversalText(failed)).toContain('within 5 days, by 3 Dec 2026');
    expect(readAepsReceipt(failed, 'customer').headline).toBe('Transaction Failed');
    expect(reversalText({ ...failed, bankDebited: false })).toBeNull();
  });
});
