import { describe, expect, it } from '@jest/globals';
import { checkScheme, DEFAULT_SCHEMES, quoteScheme } from '../commission.js';
import {
  ccfOf,
  checkAmountAgainstBill,
  checkBillerParams,
  maskedParam,
  paramPattern,
} from './catalogue.js';
import {
  checkBbpsPaymentForm,
  checkGeocode,
  checkPostalCode,
  DEFAULT_BBPS_LIMITS,
} from './payments.js';

const DHBVN = {
  params: [
    { name: 'Account Number', regex: '^[0-9a-zA-Z]{9,12}$', optional: false },
    { name: 'Mobile Number', regex: '[6789][0-9]{9}', optional: false },
    { name: 'Email', regex: '^\\S+@\\S+$', optional: true },
  ],
};

describe('checkBillerParams', () => {
  it('keeps the biller’s parameters trimmed and drops the rest', () => {
    expect(
      checkBillerParams(DHBVN, {
        'Account Number': ' 5314860000 ',
        'Mobile Number': 9812345678,
        Extra: 'x',
      }),
    ).toEqual({
      ok: true,
      value: { 'Account Number': '5314860000', 'Mobile Number': '9812345678' },
    });
  });

  it.each([
    [{ 'Mobile Number': '9812345678' }, 'Please enter the Account Number.'],
    [
      { 'Account Number': '12AB', 'Mobile Number': '9812345678' },
      'The Account Number is not valid for this biller.',
    ],
    // An unanchored regex is anchored: a match inside a longer value is no match.
    [
      { 'Account Number': '5314860000', 'Mobile Number': '19812345678' },
      'The Mobile Number is not valid for this biller.',
    ],
    [
      { 'Account Number': '5314860000', 'Mobile Number': '9812345678', Email: 'no' },
      'The Email is not valid for this biller.',
    ],
    ['5314860000', 'Please fill in the customer details the biller asks for.'],
  ])('refuses %j', (input, message) => {
    expect(checkBillerParams(DHBVN, input)).toEqual({ ok: false, message });
  });

  it('anchors a pattern once', () => {
    expect(paramPattern({ regex: '^\\d{4}$' }).source).toBe('^\\d{4}$');
    expect(paramPattern({ regex: '\\d{4}' }).source).toBe('^\\d{4}$');
  });
});

describe('ccfOf', () => {
  const slabs = [
    { minAmount: 0, maxAmount: 5_000_00, flatFee: 5_00, percentBp: 0 },
    { minAmount: 5_000_01, maxAmount: null, flatFee: 0, percentBp: 50 },
  ];
  it('takes the slab the amount falls in, the percent half up to the paisa', () => {
    expect(ccfOf(slabs, 1_000_00)).toBe(5_00);
    expect(ccfOf(slabs, 5_000_00)).toBe(5_00);
    expect(ccfOf(slabs, 10_000_01)).toBe(50_00); // 0.5% of ₹10,000.01 is ₹50.00005
    expect(ccfOf(slabs, 10_001_00)).toBe(50_01); // ₹50.005 rounds up
    expect(ccfOf([], 10_000_00)).toBe(0);
  });
});

describe('checkAmountAgainstBill', () => {
  it.each([
    ['EXACT', 500_00, true],
    ['EXACT', 499_99, false],
    ['EXACT', 500_01, false],
    ['EXACT_AND_ABOVE', 600_00, true],
    ['EXACT_AND_ABOVE', 499_99, false],
    ['EXACT_AND_BELOW', 100_00, true],
    ['EXACT_AND_BELOW', 500_01, false],
    ['ANY', 1_00, true],
  ] as const)('%s bill ₹500, paying %i paise: %s', (exactness, amount, ok) => {
    expect(checkAmountAgainstBill(exactness, 500_00, amount).ok).toBe(ok);
  });

  it('names the bill in the refusal', () => {
    expect(checkAmountAgainstBill('EXACT', 1_234_50, 1_000_00)).toEqual({
      ok: false,
      message: 'This biller takes the exact bill amount only: ₹1,234.50.',
    });
  });
});

describe('the payment form and the agent’s tags', () => {
  it('checks the amount against the limits and the customer’s mobile', () => {
    expect(
      checkBbpsPaymentForm({ amount: '1234.5', customerMobile: '9812345678' }, DEFAULT_BBPS_LIMITS),
    ).toEqual({
      ok: true,
      value: { amount: 1_234_50, customerMobile: '9812345678' },
    });
    expect(
      checkBbpsPaymentForm({ amount: '0.5', customerMobile: '9812345678' }, DEFAULT_BBPS_LIMITS).ok,
    ).toBe(false);
    expect(
      checkBbpsPaymentForm({ amount: '200001', customerMobile: '9812345678' }, DEFAULT_BBPS_LIMITS)
        .ok,
    ).toBe(false);
    expect(
      checkBbpsPaymentForm({ amount: '100', customerMobile: '12345' }, DEFAULT_BBPS_LIMITS).ok,
    ).toBe(false);
  });

  it('takes a geocode as latitude,longitude to 4 places and a 6-digit postal code', () => {
    expect(checkGeocode(' 28.45951 , 77.02663 ')).toEqual({ ok: true, value: '28.4595,77.0266' });
    expect(checkGeocode('91,10').ok).toBe(false);
    expect(checkGeocode('here').ok).toBe(false);
    expect(checkPostalCode('122001')).toEqual({ ok: true, value: '122001' });
    expect(checkPostalCode('022001').ok).toBe(false);
  });

  it('masks a card’s number to its last four, nothing else', () => {
    expect(maskedParam('Last 4 digits of Credit Card Number', '1234')).toBe('XXXX 1234');
    expect(maskedParam('Account Number', '5314860000')).toBe('5314860000');
  });
});

describe('the bbps scheme per category', () => {
  it('quotes a category’s own slabs, and the default slabs for any other', () => {
    const scheme = DEFAULT_SCHEMES.bbps;
    expect(quoteScheme(scheme, 500_00, 'electricity').fee).toBe(2_00);
    expect(quoteScheme(scheme, 2_000_00, 'electricity').fee).toBe(4_00); // 0.2%
    expect(quoteScheme(scheme, 2_000_00, 'dth').fee).toBe(10_00); // 0.5%
    expect(quoteScheme(scheme, 2_000_00, 'credit-card').fee).toBe(0);
    expect(quoteScheme(scheme, 2_000_00).fee).toBe(4_00);
  });

  it('takes category slabs for a bbps scheme only, each checked like the slabs', () => {
    const slabs = DEFAULT_SCHEMES.bbps.slabs;
    const flat = [
      {
        upTo: null,
        fee: { flatBase: 3 },
        distributor: { flatBase: 1 },
        superDistributor: { flatBase: 0 },
      },
    ];
    expect(
      checkScheme({ name: 'B', service: 'bbps', slabs, categorySlabs: { water: flat } }),
    ).toMatchObject({
      ok: true,
      value: { categorySlabs: { water: flat } },
    });
    expect(
      checkScheme({ name: 'D', service: 'dmt', slabs, categorySlabs: { water: flat } }).ok,
    ).toBe(false);
    expect(
      checkScheme({ name: 'B', service: 'bbps', slabs, categorySlabs: { 'Bad Code': flat } }).ok,
    ).toBe(false);
    const greedy = [
      {
        upTo: null,
        fee: { flatBase: 1 },
        distributor: { flatBase: 2 },
        superDistributor: { flatBase: 0 },
      },
    ];
    expect(
      checkScheme({ name: 'B', service: 'bbps', slabs, categorySlabs: { water: greedy } }),
    ).toEqual({
      ok: false,
      message: 'water: Slab 1: the distributor and super distributor shares exceed the fee.',
    });
  });
});
