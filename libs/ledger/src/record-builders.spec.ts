import { describe, expect, it } from '@jest/globals';
import { creditParty, debitParty, movedRecord, openedRecord } from './record-builders.js';

/**
 * The builders write the JSON the write sites wrote by hand before issue 24, byte for byte:
 * each expected value below is the literal a site built, and the comparison is of the JSON
 * text, so a key added, dropped, renamed, reordered or turned from null to absent fails here.
 */
const json = (value: unknown) => JSON.stringify(value);

describe('record builders', () => {
  it("write a transfer's record as the wallet wrote it: fee 0, the sender on the recipient's side", () => {
    const built = openedRecord({
      type: 'walletTransfer',
      status: 'success',
      parties: [
        debitParty({ userId: 'u1', accountId: 'a1', amount: 500 }),
        creditParty({
          userId: 'u2',
          accountId: 'a2',
          amount: 500,
          details: { senderName: 'Asha', senderMobile: '9000000001' },
        }),
      ],
      details: { beneficiaryName: 'Ravi', beneficiaryMobile: '9000000002', remark: null },
      remitterMobile: '9000000001',
    });
    expect(json(built)).toBe(
      json({
        kind: 'open',
        type: 'walletTransfer',
        status: 'success',
        parties: [
          { userId: 'u1', accountId: 'a1', direction: 'debit', amount: 500, fee: 0 },
          {
            userId: 'u2',
            accountId: 'a2',
            direction: 'credit',
            amount: 500,
            fee: 0,
            details: { senderName: 'Asha', senderMobile: '9000000001' },
          },
        ],
        details: { beneficiaryName: 'Ravi', beneficiaryMobile: '9000000002', remark: null },
        remitterMobile: '9000000001',
      }),
    );
  });

  it("write a payout's opening with its fee and a null remitter kept", () => {
    const built = openedRecord({
      type: 'payout',
      status: 'queued',
      parties: [debitParty({ userId: 'u1', accountId: 'a1', amount: 50000, fee: 1500 })],
      details: { beneficiaryName: 'Asha Verma' },
      remitterMobile: null,
    });
    expect(json(built)).toBe(
      json({
        kind: 'open',
        type: 'payout',
        status: 'queued',
        parties: [{ userId: 'u1', accountId: 'a1', direction: 'debit', amount: 50000, fee: 1500 }],
        details: { beneficiaryName: 'Asha Verma' },
        remitterMobile: null,
      }),
    );
  });

  it("write a fund request's bank reference after the remitter, as its decision wrote it", () => {
    const built = openedRecord({
      type: 'fundRequest',
      status: 'success',
      parties: [creditParty({ userId: 'u1', accountId: 'a1', amount: 100 })],
      details: {},
      remitterMobile: null,
      externalRef: 'UTR9',
    });
    expect(json(built)).toBe(
      json({
        kind: 'open',
        type: 'fundRequest',
        status: 'success',
        parties: [{ userId: 'u1', accountId: 'a1', direction: 'credit', amount: 100, fee: 0 }],
        details: {},
        remitterMobile: null,
        externalRef: 'UTR9',
      }),
    );
  });

  it('leave out a remitter and a reference not given, as the demo seed wrote its credits', () => {
    const built = openedRecord({
      type: 'walletCredit',
      status: 'success',
      parties: [creditParty({ userId: 'u1', accountId: 'a1', amount: 100 })],
      details: { beneficiaryName: 'Demo', remark: 'demo opening balance' },
    });
    expect(built).not.toHaveProperty('remitterMobile');
    expect(built).not.toHaveProperty('externalRef');
    expect(built.parties[0]).not.toHaveProperty('details');
    expect(json(built)).toBe(
      json({
        kind: 'open',
        type: 'walletCredit',
        status: 'success',
        parties: [{ userId: 'u1', accountId: 'a1', direction: 'credit', amount: 100, fee: 0 }],
        details: { beneficiaryName: 'Demo', remark: 'demo opening balance' },
      }),
    );
  });

  it('write a status move without facts with a null reference and a null reason', () => {
    expect(json(movedRecord('processing'))).toBe(
      json({ kind: 'status', status: 'processing', externalRef: null, message: null }),
    );
    expect(json(movedRecord('failed', { externalRef: undefined, message: null }))).toBe(
      json({ kind: 'status', status: 'failed', externalRef: null, message: null }),
    );
  });

  it("write a status move's reference and reason as given", () => {
    expect(json(movedRecord('processed', { externalRef: 'UTR1' }))).toBe(
      json({ kind: 'status', status: 'processed', externalRef: 'UTR1', message: null }),
    );
    expect(json(movedRecord('reversed', { message: 'closed' }))).toBe(
      json({ kind: 'status', status: 'reversed', externalRef: null, message: 'closed' }),
    );
  });
});
