import { describe, expect, it } from '@jest/globals';
import { RUPEE } from '../money.js';
import {
  checkRentDraft,
  registrationRequired,
  RentMessages,
  rentPrice,
  RentWarnings,
  rentWarnings,
  RENT_SERVICE_CHARGE,
  samplePrices,
} from './agreement.js';
import { cancelRefunds, nextRentStatus } from './machine.js';
import {
  RENT_STATES,
  roundUpToRupee,
  stampBasis,
  STAMP_DUTY_TABLE,
  type StampDutyRule,
  stampRuleOn,
  termRent,
} from './stamp-duty.js';

const TODAY = '2026-11-29';

const party = (name: string, mobile: string) => ({
  name,
  parentName: 'Ramesh Kumar',
  address: '12 MG Road, Pune 411001',
  mobile,
  idKind: 'pan',
  idValue: 'abcde1234f',
});

const draft = (over: Record<string, unknown> = {}) => ({
  state: 'MH',
  city: 'Pune',
  propertyAddress: 'Flat 4, Shanti Apartments, Baner, Pune 411045',
  landlords: [party('Anil Deshmukh', '9876543210')],
  tenants: [{ ...party('Priya Nair', '9876543211'), idKind: 'aadhaar', idValue: '4321' }],
  rent: '15000',
  deposit: '30000',
  startDate: TODAY,
  ...over,
});

function refusal(over: Record<string, unknown>): string {
  const checked = checkRentDraft(draft(over), TODAY);
  if (checked.ok) throw new Error('expected a refusal');
  return checked.message;
}

describe('checkRentDraft', () => {
  it('reads a draft: rupees to paise, 11 months by default, PAN upper-cased', () => {
    const checked = checkRentDraft(draft(), TODAY);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.rent).toBe(15_000 * RUPEE);
    expect(checked.value.deposit).toBe(30_000 * RUPEE);
    expect(checked.value.termMonths).toBe(11);
    expect(checked.value.lockInMonths).toBe(0);
    expect(checked.value.landlords[0]!.idValue).toBe('ABCDE1234F');
    expect(checked.value.tenants[0]!).toMatchObject({ idKind: 'aadhaar', idValue: '4321' });
  });

  it('refuses a lock-in longer than the term', () => {
    expect(refusal({ termMonths: 11, lockInMonths: 12 })).toBe(RentMessages.lockInLonger);
    expect(checkRentDraft(draft({ termMonths: 11, lockInMonths: 11 }), TODAY).ok).toBe(true);
  });

  it('refuses a start before today in India', () => {
    expect(refusal({ startDate: '2026-11-28' })).toBe(RentMessages.startDatePast);
    expect(refusal({ startDate: '2026-02-30' })).toBe(RentMessages.startDateInvalid);
    expect(refusal({ startDate: '2027-06-01' })).toBe(RentMessages.startDateFar);
  });

  it('refuses a missing landlord or tenant', () => {
    expect(refusal({ landlords: [] })).toBe(RentMessages.landlordRequired);
    expect(refusal({ tenants: undefined })).toBe(RentMessages.tenantRequired);
    expect(refusal({ tenants: [{ ...party('P', '98') }] })).toBe(
      RentMessages.partyName('Tenant 1'),
    );
  });

  it('refuses a whole Aadhaar number and never keeps it', () => {
    const message = refusal({
      tenants: [
        { ...party('Priya Nair', '9876543211'), idKind: 'aadhaar', idValue: '1234 5678 9012' },
      ],
    });
    expect(message).toBe(RentMessages.aadhaarWhole('Tenant 1'));
    expect(message).not.toContain('9012');
  });

  it('refuses a bad mobile, rent, term and state', () => {
    expect(refusal({ landlords: [party('Anil Deshmukh', '12345')] })).toMatch(/^Landlord 1: /);
    expect(refusal({ rent: '0' })).toBe(RentMessages.rentInvalid);
    expect(refusal({ termMonths: 61 })).toBe(RentMessages.termInvalid);
    expect(refusal({ state: 'XX' })).toBe(RentMessages.stateInvalid);
  });
});

describe('rentWarnings', () => {
  const base = {
    state: 'KA',
    termMonths: 11,
    propertyKind: 'residential' as const,
    rent: 100,
    deposit: 200,
  };

  it('warns of registration at 12 months, and in Maharashtra at any term', () => {
    expect(rentWarnings(base)).toEqual([]);
    expect(rentWarnings({ ...base, termMonths: 12 })).toEqual([RentWarnings.registrationTerm]);
    expect(rentWarnings({ ...base, state: 'MH' })).toEqual([RentWarnings.registrationMaharashtra]);
    expect(registrationRequired({ state: 'MH', termMonths: 11 })).toBe(true);
    expect(registrationRequired({ state: 'KA', termMonths: 11 })).toBe(false);
  });

  it('warns of a deposit above 2 months (home) or 6 months (shop)', () => {
    expect(rentWarnings({ ...base, deposit: 201 })).toEqual([RentWarnings.depositResidential]);
    const shop = { ...base, propertyKind: 'commercial' as const };
    expect(rentWarnings({ ...shop, deposit: 600 })).toEqual([]);
    expect(rentWarnings({ ...shop, deposit: 601 })).toEqual([RentWarnings.depositCommercial]);
  });
});

describe('stamp duty table', () => {
  it('covers the seven states, each row with a source', () => {
    for (const state of RENT_STATES) {
      expect(stampRuleOn(state.code, TODAY)).toBeDefined();
    }
    for (const rule of STAMP_DUTY_TABLE) expect(rule.source.length).toBeGreaterThan(10);
  });

  it('takes the latest row started by the day', () => {
    const table: StampDutyRule[] = [
      { ...STAMP_DUTY_TABLE[0]!, effectiveFrom: '2025-01-01', duty: () => 100 },
      { ...STAMP_DUTY_TABLE[0]!, effectiveFrom: '2026-12-01', duty: () => 200 },
    ];
    expect(stampRuleOn('MH', '2026-11-30', table)?.effectiveFrom).toBe('2025-01-01');
    expect(stampRuleOn('MH', '2026-12-01', table)?.effectiveFrom).toBe('2026-12-01');
    expect(stampRuleOn('MH', '2024-12-31', table)).toBeUndefined();
  });

  it('raises the rent every 12 months by the yearly increase', () => {
    expect(termRent(10_000, 11, 500)).toBe(110_000);
    expect(termRent(10_000, 24, 500)).toBe(12 * 10_000 + 12 * 10_500);
    expect(
      stampBasis({ rent: 10_000, deposit: 0, termMonths: 24, yearlyIncreaseBp: 500 })
        .averageAnnualRent,
    ).toBe(123_000);
  });

  const price = (state: string, over: Record<string, number> = {}) => {
    const quoted = rentPrice(
      {
        state: state as 'MH',
        rent: 15_000 * RUPEE,
        deposit: 30_000 * RUPEE,
        termMonths: 11,
        yearlyIncreaseBp: 0,
        ...over,
      },
      TODAY,
    );
    if (!quoted.ok) throw new Error(quoted.message);
    return quoted.value;
  };

  it('Maharashtra: 0.25% of the term’s rent + deposit, up to the rupee', () => {
    // (15,000 × 11 + 30,000) × 0.25% = ₹487.50 → ₹488
    expect(price('MH').stampDuty).toBe(488 * RUPEE);
  });

  it('Karnataka: 0.5% of annual rent + deposit, capped at ₹500 up to a year', () => {
    // (1,65,000 + 30,000) × 0.5% = ₹975 → cap ₹500
    expect(price('KA').stampDuty).toBe(500 * RUPEE);
    expect(price('KA', { rent: 5_000 * RUPEE, deposit: 0 }).stampDuty).toBe(275 * RUPEE);
    // 24 months: 1% of (1,80,000 + 30,000)
    expect(price('KA', { termMonths: 24 }).stampDuty).toBe(2_100 * RUPEE);
  });

  it('Delhi: ₹100 under a year, 2% (+₹100 with a deposit) from a year', () => {
    expect(price('DL').stampDuty).toBe(100 * RUPEE);
    expect(price('DL', { termMonths: 12 }).stampDuty).toBe((3_600 + 100) * RUPEE);
  });

  it('Haryana: 1% of annual rent, at least ₹100', () => {
    expect(price('HR').stampDuty).toBe(1_650 * RUPEE);
    expect(price('HR', { rent: 500 * RUPEE }).stampDuty).toBe(100 * RUPEE);
  });

  it('the total is stamp duty + the service charge; the public sample prices every state', () => {
    const quoted = price('TN');
    expect(quoted.total).toBe(quoted.stampDuty + RENT_SERVICE_CHARGE);
    expect(samplePrices(TODAY).map((one) => one.state)).toEqual(RENT_STATES.map((s) => s.code));
    expect(roundUpToRupee(1)).toBe(RUPEE);
    expect(roundUpToRupee(RUPEE)).toBe(RUPEE);
  });
});

describe('nextRentStatus', () => {
  it('walks draft → paid → stamped → signing → signed → completed', () => {
    const steps = [
      ['draft', { kind: 'pay' }, 'paid'],
      ['paid', { kind: 'stamp' }, 'stamped'],
      ['stamped', { kind: 'sendForSigning' }, 'signing'],
      ['signing', { kind: 'partySigned', remaining: 1 }, 'signing'],
      ['signing', { kind: 'partySigned', remaining: 0 }, 'signed'],
      ['signed', { kind: 'complete' }, 'completed'],
    ] as const;
    for (const [from, event, to] of steps)
      expect(nextRentStatus(from, event)).toEqual({ ok: true, value: to });
  });

  it('pays once and cancels only before the stamp is bought', () => {
    expect(nextRentStatus('paid', { kind: 'pay' })).toEqual({
      ok: false,
      message: RentMessages.alreadyPaid,
    });
    expect(nextRentStatus('draft', { kind: 'cancel' }).ok).toBe(true);
    expect(nextRentStatus('paid', { kind: 'cancel' }).ok).toBe(true);
    for (const status of ['stamped', 'signing', 'signed', 'completed', 'cancelled'] as const) {
      expect(nextRentStatus(status, { kind: 'cancel' })).toEqual({
        ok: false,
        message: RentMessages.cannotCancel,
      });
    }
    expect(cancelRefunds('paid')).toBe(true);
    expect(cancelRefunds('draft')).toBe(false);
    expect(nextRentStatus('draft', { kind: 'partySigned', remaining: 0 }).ok).toBe(false);
  });
});
