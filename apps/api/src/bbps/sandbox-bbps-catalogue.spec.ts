import { describe, expect, it } from '@jest/globals';
import {
  BBPS_CORE_CATEGORIES,
  BBPS_EXACTNESS,
  ccfOf,
  checkBillerParams,
  CREDIT_CARD_CATEGORY,
  DHBVN_BILLER_ID,
  paramPattern,
  RUPEE,
} from '@khata/domain';
import {
  SANDBOX_BBPS_BILLERS,
  sandboxBbpsCatalogue,
  sandboxBbpsParams,
} from './sandbox-bbps-catalogue.js';
import { BBPS_SANDBOX_CODES } from './sandbox-bbps-provider.js';

const SANDBOX_CODES = Object.values(BBPS_SANDBOX_CODES);

describe('the sandbox BBPS catalogue', () => {
  const catalogue = sandboxBbpsCatalogue();

  it('lists every core category and at least 15 in all, each with a biller', () => {
    const codes = catalogue.categories.map((one) => one.code);
    expect(codes.length).toBeGreaterThanOrEqual(15);
    expect(new Set(codes).size).toBe(codes.length);
    for (const core of BBPS_CORE_CATEGORIES) expect(codes).toContain(core.code);
    for (const code of codes) {
      expect(catalogue.billers.some((biller) => biller.categoryCode === code)).toBe(true);
    }
    for (const biller of catalogue.billers) expect(codes).toContain(biller.categoryCode);
  });

  it('lists at least 60 billers with unique 14-character BBPS ids', () => {
    const ids = catalogue.billers.map((one) => one.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z0-9]{14}$/);
  });

  it('gives every parameter a regex that compiles and accepts its documented sample', () => {
    for (const biller of SANDBOX_BBPS_BILLERS) {
      expect(biller.params.length).toBeGreaterThan(0);
      for (const param of biller.params) {
        expect({
          biller: biller.id,
          param: param.name,
          ok: paramPattern(param).test(param.sample),
        }).toEqual({ biller: biller.id, param: param.name, ok: true });
      }
    }
  });

  it('lets every first parameter end in any two test digits the regex still accepts', () => {
    for (const biller of catalogue.billers) {
      expect(biller.params[0]!.optional).toBe(false);
      for (const code of [...SANDBOX_CODES, '42', '00', '99']) {
        const params = sandboxBbpsParams(biller.id, code);
        expect(Object.values(params)[0]!.slice(-2)).toBe(code);
        expect(checkBillerParams(biller, params)).toEqual({ ok: true, value: params });
      }
    }
  });

  it('has DHBVN as the public tables show it: account number then mobile, fetchable', () => {
    const dhbvn = catalogue.billers.find((one) => one.id === DHBVN_BILLER_ID);
    expect(dhbvn).toMatchObject({
      categoryCode: 'electricity',
      coverage: 'Haryana',
      fetch: true,
      active: true,
      params: [
        { name: 'Account Number', regex: '^[0-9a-zA-Z]{9,12}$', optional: false },
        { name: 'Mobile Number', regex: '^[6789][0-9]{9}$', optional: false },
      ],
    });
    const check = (account: string) =>
      checkBillerParams(dhbvn!, { 'Account Number': account, 'Mobile Number': '9876543210' }).ok;
    expect(check('5314860000')).toBe(true);
    expect(check('53148600')).toBe(false);
    expect(check('5314860000123')).toBe(false);
  });

  it('asks credit cards for the last 4 digits first and the registered mobile second, ad hoc', () => {
    const cards = catalogue.billers.filter((one) => one.categoryCode === CREDIT_CARD_CATEGORY);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    for (const card of cards) {
      expect(card.params.map((one) => [one.name, one.regex])).toEqual([
        ['Last 4 digits of Credit Card Number', '^[0-9]{4}$'],
        ['Registered Mobile Number', '^[6789][0-9]{9}$'],
      ]);
      expect(card.adhoc).toBe(true);
    }
    expect(cards.some((one) => one.fetch)).toBe(true);
    expect(cards.some((one) => !one.fetch)).toBe(true);
    expect(cards.map((one) => one.id)).toEqual(
      expect.arrayContaining(['KOTA00000NATED', 'ICIC00000NATSI']),
    );
  });

  it('mixes every exactness, fetch and ad hoc flags, CCF slabs and an inactive biller', () => {
    const billers = catalogue.billers;
    for (const exactness of BBPS_EXACTNESS) {
      expect(billers.some((one) => one.exactness === exactness)).toBe(true);
    }
    expect(billers.find((one) => one.id === 'DGVCL0000GUJ01')).toMatchObject({
      fetch: false,
      adhoc: true,
    });
    const inactive = billers.filter((one) => !one.active).length;
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(2);
    expect(billers.filter((one) => one.ccf.length === 0).length).toBeGreaterThan(
      billers.length / 2,
    );
    expect(billers.every((one) => one.fetch || one.adhoc)).toBe(true);
    const fastag = billers.find((one) => one.id === 'IDFCFAST0NAT01')!;
    expect(ccfOf(fastag.ccf, 500 * RUPEE)).toBe(5 * RUPEE);
    const sbi = billers.find((one) => one.id === 'SBIC00000NATSB')!;
    expect(ccfOf(sbi.ccf, 5_000 * RUPEE)).toBe(0);
    expect(ccfOf(sbi.ccf, 10_000 * RUPEE)).toBe(50 * RUPEE);
  });

  it('answers copies: changing one does not change the next catalogue', () => {
    const first = sandboxBbpsCatalogue();
    first.billers[0]!.params[0]!.regex = 'x';
    first.billers[0]!.ccf.push({ minAmount: 0, maxAmount: null, flatFee: 1, percentBp: 0 });
    const next = sandboxBbpsCatalogue();
    expect(next.billers[0]!.params[0]!.regex).toBe('^[0-9a-zA-Z]{9,12}$');
    expect(next.billers[0]!.ccf).toEqual([]);
    expect(next.billers[0]!.params[0]).not.toHaveProperty('sample');
  });
});
