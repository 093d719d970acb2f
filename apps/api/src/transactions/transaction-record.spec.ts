import { describe, expect, it } from '@jest/globals';
import { creditParty, debitParty, openedRecord } from '@khata/ledger';
import type { Payout } from '../payouts/payout.js';
import { payoutDetails } from '../payouts/payout-ledger.js';
import { payoutRecord } from '../payouts/payout-record.js';
import { recordOfRow, type RecordRow } from './record-row.js';
import { openedRecordSource, toTransactionRecord } from './transaction-record.js';

const opened = new Date('2026-11-20T05:30:00.000Z');
const moved = new Date('2026-11-20T05:31:10.000Z');

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    kind: 'payout',
    userId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    unlimited: false,
    accountId: 'a-wallet',
    holdId: 'h-1',
    beneficiaryId: null,
    beneficiaryName: 'Asha Verma',
    accountNumber: '123456781234',
    ifsc: 'HDFC0000001',
    bankName: 'HDFC Bank',
    paymentMode: 'IMPS',
    amount: 50_000,
    fee: 1_000,
    commission: null,
    commissionSplit: null,
    status: 'queued',
    idempotencyKey: 'key-1',
    requestHash: 'hash',
    remitterMobile: '9000000003',
    orderSeq: '42',
    utr: null,
    message: null,
    sendStartedAt: null,
    sends: 0,
    processingRecorded: false,
    statusChecks: 0,
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: opened,
    updatedAt: moved,
    finishedAt: null,
    ...overrides,
  };
}

/** The row the read model projects from the payout's events (see payout-ledger.ts). */
function projectedRow(of: Payout, balanceAfter: number | null): RecordRow {
  return {
    record_id: of.id,
    user_id: of.userId,
    type: of.kind === 'payout' ? 'payout' : 'aepsSettlement',
    status: of.status,
    direction: 'debit',
    amount: of.amount,
    fee: of.fee,
    details: payoutDetails(of),
    remitter_mobile: of.remitterMobile,
    external_ref: of.utr,
    message: of.message,
    opened_seq: Number(of.orderSeq),
    balance_after: balanceAfter,
    created_at: of.createdAt,
    updated_at: of.updatedAt,
  };
}

describe('toTransactionRecord, the one mapper of a transaction to the wire', () => {
  it.each([
    ['a queued payout', payout(), null],
    ['a processed payout', payout({ status: 'processed', utr: 'UTR1234567' }), 44_000],
    [
      'a failed payout',
      payout({ status: 'failed', message: 'Beneficiary account is closed.' }),
      95_000,
    ],
    ['an AEPS settlement', payout({ kind: 'aeps-settlement', fee: 800 }), null],
  ] as const)(
    'answers the same record for %s from the payouts row and from the read model',
    (_, of, balance) => {
      const fromPayout = payoutRecord(of, balance);
      const fromReadModel = recordOfRow(projectedRow(of, balance));
      expect(fromPayout).toEqual(fromReadModel);
    },
  );

  it('names an AEPS settlement by its record type, not its stream prefix', () => {
    expect(payoutRecord(payout({ kind: 'aeps-settlement' }), null).type).toBe('aepsSettlement');
  });

  it('writes rupees, the order id, the counterparty and what the payout did to the balance', () => {
    expect(payoutRecord(payout({ status: 'processed', utr: 'UTR1234567' }), 44_000)).toEqual({
      _id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      type: 'payout',
      status: 'processed',
      direction: 'debit',
      amount: { amount: 500 },
      fee: 10,
      createdAt: '2026-11-20T05:30:00.000Z',
      updatedAt: '2026-11-20T05:31:10.000Z',
      payload: {
        orderID: 'KH0000000042',
        data: {
          beneficiaryName: 'Asha Verma',
          beneficiaryAccountNumber: 'XXXXXXXX1234',
          beneficiaryIfscCode: 'HDFC0000001',
          paymentMode: 'IMPS',
          bankName: 'HDFC Bank',
        },
      },
      externalRef: 'UTR1234567',
      txnReferenceId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      remitterMobile: '9000000003',
      balanceAfter: 440,
      message: null,
      counterparty: { name: 'Asha Verma', reference: 'XXXXXXXX1234' },
      balanceChange: -510,
      onHold: 0,
    });
  });

  it('builds the record an event opened from its facts alone, as the read model row reads', () => {
    const facts = openedRecord({
      type: 'walletTransfer',
      status: 'success',
      parties: [
        debitParty({ userId: 'payer', accountId: 'w-1', amount: 10_000 }),
        creditParty({
          userId: 'payee',
          accountId: 'w-2',
          amount: 10_000,
          details: { senderName: 'Ravi', senderMobile: '9000000001' },
        }),
      ],
      details: { beneficiaryName: 'Sita', beneficiaryMobile: '9000000002', remark: 'rent' },
      remitterMobile: '9000000001',
    });
    const source = openedRecordSource({
      seq: '7',
      stream: 'transfer:5b1c',
      facts,
      userId: 'payee',
      at: opened,
      balanceAfter: 25_000,
    });
    expect(toTransactionRecord(source!)).toEqual(
      recordOfRow({
        record_id: '5b1c',
        user_id: 'payee',
        type: 'walletTransfer',
        status: 'success',
        direction: 'credit',
        amount: 10000,
        fee: 0,
        details: { ...facts.details, senderName: 'Ravi', senderMobile: '9000000001' },
        remitter_mobile: '9000000001',
        external_ref: null,
        message: null,
        opened_seq: 7,
        balance_after: 25000,
        created_at: opened,
        updated_at: opened,
      }),
    );
    expect(toTransactionRecord(source!).counterparty).toEqual({
      name: 'Ravi',
      reference: '9000000001',
    });
    expect(
      openedRecordSource({
        seq: '7',
        stream: 'transfer:5b1c',
        facts,
        userId: 'nobody',
        at: opened,
        balanceAfter: null,
      }),
    ).toBeUndefined();
  });
});
