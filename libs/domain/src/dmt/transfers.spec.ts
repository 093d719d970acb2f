import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCHEMES, quoteScheme } from '../commission.js';
import { feeToCharge } from '../fees.js';
import { RUPEE } from '../money.js';
import {
  checkDmtAmount,
  decideDmtRefund,
  decideDmtTransfer,
  DEFAULT_DMT_LIMITS,
  DmtTransferMessages,
  dmtMonthLeft,
  dmtMonthOf,
  type DmtTransferFacts,
  splitIntoTransfers,
} from './transfers.js';
import { DEFAULT_PPI_LIMITS, PpiMessages, ppiLimitsFor, TRANSFER_PRODUCT_INFO } from './ppi.js';

const rupees = (r: number) => Math.round(r * RUPEE);

describe('decideDmtTransfer', () => {
  const fine: DmtTransferFacts = {
    amount: rupees(5_000),
    mode: 'IMPS',
    remitterState: 'registered',
    beneficiary: { state: 'active' },
    monthUsed: rupees(20_000),
  };

  it("opens a ₹5,000 transfer that fills the month's ₹25,000 exactly", () => {
    expect(decideDmtTransfer(fine)).toEqual({
      do: 'open',
      amount: rupees(5_000),
      mode: 'IMPS',
      monthLeftAfter: 0,
    });
    expect(decideDmtTransfer({ ...fine, remitterState: 'ekycDone', mode: 'NEFT' }).do).toBe('open');
  });

  it('refuses a paisa beyond the month, saying what is left', () => {
    expect(decideDmtTransfer({ ...fine, monthUsed: rupees(20_000) + 1 })).toEqual({
      do: 'refuse',
      because: 'month-exceeded',
      message: 'This remitter can send only ₹4,999.99 more this month.',
    });
    expect(decideDmtTransfer({ ...fine, amount: rupees(100), monthUsed: rupees(25_000) })).toEqual({
      do: 'refuse',
      because: 'month-exceeded',
      message: "This remitter has used this month's limit.",
    });
  });

  it.each([
    [{ amount: rupees(99.99) }, 'amount', 'The least one transfer can send is ₹100.00.'],
    [
      { amount: rupees(5_000) + 1 },
      'amount',
      'One transfer can send at most ₹5,000.00: send a larger amount as several transfers.',
    ],
    [{ mode: 'RTGS' }, 'mode', DmtTransferMessages.modeInvalid],
    [{ remitterState: undefined }, 'remitter-unknown', DmtTransferMessages.remitterUnknown],
    [
      { remitterState: 'otpPending' },
      'remitter-not-verified',
      DmtTransferMessages.remitterNotVerified,
    ],
    [{ beneficiary: undefined }, 'beneficiary-unknown', DmtTransferMessages.beneficiaryUnknown],
    [
      { beneficiary: { state: 'otpPending' } },
      'beneficiary-not-active',
      DmtTransferMessages.beneficiaryNotActive,
    ],
    [
      { beneficiary: { state: 'deleted' } },
      'beneficiary-not-active',
      DmtTransferMessages.beneficiaryNotActive,
    ],
  ] as const)('refuses %j: %s', (change, because, message) => {
    expect(decideDmtTransfer({ ...fine, ...change })).toEqual({ do: 'refuse', because, message });
  });

  it('takes its limits from configuration', () => {
    const limits = {
      minimum: rupees(10),
      perTransaction: rupees(10_000),
      perMonth: rupees(50_000),
    };
    expect(decideDmtTransfer({ ...fine, amount: rupees(10_000), monthUsed: 0 }, limits).do).toBe(
      'open',
    );
    expect(checkDmtAmount('10', limits)).toEqual({ ok: true, value: rupees(10) });
  });
});

describe('checkDmtAmount', () => {
  it('reads rupees as a form sends them and holds one transaction to ₹100..₹5,000', () => {
    expect(checkDmtAmount('5000')).toEqual({ ok: true, value: rupees(5_000) });
    expect(checkDmtAmount(100)).toEqual({ ok: true, value: rupees(100) });
    expect(checkDmtAmount('5000.01').ok).toBe(false);
    expect(checkDmtAmount('99').ok).toBe(false);
    expect(checkDmtAmount('abc').ok).toBe(false);
    expect(checkDmtAmount('100.001').ok).toBe(false);
  });
});

describe("the remitter's India month", () => {
  it('starts at midnight IST on the 1st, and a moment late on the 31st UTC is already next month', () => {
    expect(dmtMonthOf(new Date('2026-11-28T10:00:00Z'))).toEqual({
      month: '2026-11',
      from: new Date('2026-10-31T18:30:00Z'),
      to: new Date('2026-11-30T18:30:00Z'),
    });
    // 31 Dec 2026 19:00 UTC is 1 Jan 2027 00:30 IST.
    expect(dmtMonthOf(new Date('2026-12-31T19:00:00Z')).month).toBe('2027-01');
    expect(dmtMonthOf(new Date('2027-02-10T00:00:00Z')).to).toEqual(
      new Date('2027-02-28T18:30:00Z'),
    );
  });

  it('says what is left, never below zero', () => {
    expect(dmtMonthLeft(rupees(12_000))).toBe(rupees(13_000));
    expect(dmtMonthLeft(rupees(30_000))).toBe(0);
  });
});

describe('splitIntoTransfers', () => {
  it('offers ₹12,000 as ₹5,000 + ₹5,000 + ₹2,000', () => {
    expect(splitIntoTransfers(rupees(12_000))).toEqual({
      ok: true,
      value: [rupees(5_000), rupees(5_000), rupees(2_000)],
    });
  });

  it('makes a remainder below the minimum up from the transfer before it', () => {
    expect(splitIntoTransfers(rupees(10_050))).toEqual({
      ok: true,
      value: [rupees(5_000), rupees(4_950), rupees(100)],
    });
  });

  it('keeps every part within one transaction and the sum exact', () => {
    for (const amount of [
      rupees(100),
      rupees(5_000),
      rupees(5_000.01),
      rupees(24_999.99),
      rupees(25_000),
    ]) {
      const split = splitIntoTransfers(amount);
      if (!split.ok) throw new Error(split.message);
      expect(split.value.reduce((a, b) => a + b, 0)).toBe(amount);
      for (const part of split.value) {
        expect(part).toBeGreaterThanOrEqual(DEFAULT_DMT_LIMITS.minimum);
        expect(part).toBeLessThanOrEqual(DEFAULT_DMT_LIMITS.perTransaction);
      }
    }
  });

  it("refuses nothing, below the minimum, and beyond the remitter's month", () => {
    expect(splitIntoTransfers(0).ok).toBe(false);
    expect(splitIntoTransfers(rupees(50)).ok).toBe(false);
    expect(splitIntoTransfers(rupees(12_000), { monthLeft: rupees(10_000) })).toEqual({
      ok: false,
      message: 'This remitter can send only ₹10,000.00 more this month.',
    });
  });
});

describe('the DMT fee', () => {
  it('is ₹10 up to ₹1,000 and 1% above, never below ₹10, with the same function for quote and charge', () => {
    const fee = (r: number) => feeToCharge({ service: 'dmt', amount: rupees(r) });
    expect(fee(100)).toBe(rupees(10));
    expect(fee(1_000)).toBe(rupees(10));
    expect(fee(1_000.01)).toBe(rupees(10));
    expect(fee(2_500)).toBe(rupees(25));
    expect(fee(5_000)).toBe(rupees(50));
    expect(feeToCharge({ service: 'dmt', amount: rupees(5_000), schemeFee: rupees(40) })).toBe(
      rupees(40),
    );
  });

  it("shares within the fee: the shipped scheme's uplines get 0.3% at most", () => {
    const quote = quoteScheme(DEFAULT_SCHEMES.dmt, rupees(5_000));
    expect(quote).toEqual({
      slab: 2,
      fee: rupees(50),
      shares: { distributor: rupees(10), superDistributor: rupees(5) },
    });
  });
});

describe('decideDmtRefund', () => {
  it('refunds only a pending refund, once; a second confirmation replays', () => {
    expect(decideDmtRefund('pending')).toEqual({ do: 'refund' });
    expect(decideDmtRefund('refunded')).toEqual({ do: 'replay' });
    expect(decideDmtRefund('refunded', { confirming: false })).toMatchObject({
      do: 'refuse',
      because: 'refunded',
    });
    expect(decideDmtRefund('none')).toEqual({
      do: 'refuse',
      because: 'not-due',
      message: DmtTransferMessages.refundNotDue,
    });
  });
});

describe('decideDmtTransfer for PPI (a wallet, the provider’s month)', () => {
  const fine: DmtTransferFacts = {
    amount: rupees(10_000),
    mode: 'IMPS',
    remitterState: 'registered',
    beneficiary: { state: 'active' },
    monthUsed: rupees(20_000),
    wallet: { tier: 'full' },
  };
  const limits = ppiLimitsFor(DEFAULT_PPI_LIMITS, rupees(30_000));

  it('opens for a full-KYC wallet within the provider’s month, which is what binds', () => {
    expect(decideDmtTransfer(fine, limits)).toMatchObject({ do: 'open', monthLeftAfter: 0 });
    const smaller = ppiLimitsFor(DEFAULT_PPI_LIMITS, rupees(25_000));
    expect(decideDmtTransfer(fine, smaller)).toEqual({
      do: 'refuse',
      because: 'month-exceeded',
      message: DmtTransferMessages.monthExceeded(rupees(5_000)),
    });
  });

  it.each([
    [{ wallet: { tier: 'minimum' } }, 'kyc-tier', PpiMessages.minimumKyc],
    [{ wallet: { tier: 'gold' } }, 'kyc-tier', PpiMessages.minimumKyc],
    [{ wallet: null }, 'wallet-unknown', PpiMessages.walletUnknown],
  ] as const)('refuses %j', (change, because, message) => {
    expect(decideDmtTransfer({ ...fine, ...change }, limits)).toEqual({
      do: 'refuse',
      because,
      message,
    });
  });

  it('names a product’s service, and PPI’s own fee scheme charges it', () => {
    expect(TRANSFER_PRODUCT_INFO.ppi).toMatchObject({ service: 'ppi', monthLimit: 'provider' });
    expect(feeToCharge({ service: 'ppi', amount: rupees(10_000) })).toBe(rupees(120));
    expect(feeToCharge({ service: 'ppi', amount: rupees(500) })).toBe(rupees(12));
    expect(feeToCharge({ service: 'dmt', amount: rupees(10_000) })).toBe(rupees(100));
  });
});
