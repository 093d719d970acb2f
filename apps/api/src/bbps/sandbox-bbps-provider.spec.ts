import { describe, expect, it } from '@jest/globals';
import {
  BBPS_TRANSACTION_DISPOSITIONS,
  BbpsCatalogueMessages,
  DHBVN_BILLER_ID,
  RUPEE,
} from '@khata/domain';
import { Clock } from '../common/clock.js';
import { RailUnavailableError } from '../rail/rail-adapter.js';
import type { BbpsComplaintRequest, BbpsFetchRequest, BbpsPayRequest } from './bbps-provider.js';
import { MemoryBbpsSandboxBook } from './sandbox-bbps-book.js';
import { sandboxBbpsCatalogue, sandboxBbpsParams } from './sandbox-bbps-catalogue.js';
import {
  BBPS_SANDBOX_MESSAGES,
  BBPS_SANDBOX_RESPONSE,
  SandboxBbpsProvider,
} from './sandbox-bbps-provider.js';

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now() {
    return this.at;
  }
}

const AGENT = {
  terminalId: 'KH000001',
  mobile: '9812345678',
  geocode: '28.4595,77.0266',
  postalCode: '122001',
};

function sandbox(options: { latencyMs?: number } = {}) {
  const book = new MemoryBbpsSandboxBook();
  // 10:00 UTC is 15:30 in India on 2026-11-28: bill dates count from that India day.
  const clock = new FixedClock(new Date('2026-11-28T10:00:00Z'));
  const provider = new SandboxBbpsProvider(book, clock, options);
  const fetch = (code: string, billerId = DHBVN_BILLER_ID): BbpsFetchRequest => ({
    billerId,
    params: sandboxBbpsParams(billerId, code),
    customerMobile: '9876543210',
    agent: AGENT,
  });
  const pay = (code: string, overrides: Partial<BbpsPayRequest> = {}): BbpsPayRequest => ({
    reference: `pay-${code}`,
    refId: `KHATA${code}`.padEnd(35, '0'),
    billerId: DHBVN_BILLER_ID,
    params: overrides.params ?? sandboxBbpsParams(overrides.billerId ?? DHBVN_BILLER_ID, code),
    customerMobile: '9876543210',
    amount: 1_234 * RUPEE,
    ccf: 0,
    fetchRef: 'SBXF-from-the-fetch',
    agent: AGENT,
    ...overrides,
  });
  return { book, clock, provider, fetch, pay };
}

const paid = {
  status: 'processed',
  utr: expect.stringMatching(/^CC012611[A-Z]{4}[0-9]{8}$/),
  details: {
    approvalRef: expect.stringMatching(/^[0-9]{10}$/),
    responseCode: '000',
    responseReason: 'Successful',
  },
};
const rejected = {
  status: 'failed',
  reason: BBPS_SANDBOX_MESSAGES.rejected,
  details: { approvalRef: null, responseCode: '200', responseReason: expect.any(String) },
};

describe('the sandbox BBPS provider: fetch', () => {
  it('fetches a bill due ahead, the same bill and fetchRef every time', async () => {
    const { book, provider, fetch } = sandbox();
    const answer = await provider.fetchBill(fetch('42'));
    expect(answer).toEqual({
      status: 'bill',
      fetchRef: expect.stringMatching(/^SBXF[0-9A-F]{26}$/),
      bill: {
        customerName: expect.any(String),
        billNumber: expect.stringMatching(/^DHBV[0-9]{10}$/),
        billDate: expect.stringMatching(/^2026-11-(1[4-9]|2[0-3])$/),
        dueDate: expect.any(String),
        billPeriod: 'OCT 2026',
        amount: expect.any(Number),
        earlyAmount: null,
        lateAmount: null,
      },
    });
    if (answer.status !== 'bill') throw new Error('no bill');
    expect(answer.bill.dueDate! > '2026-11-28').toBe(true);
    expect(answer.bill.amount).toBeGreaterThanOrEqual(100 * RUPEE);
    expect(answer.bill.amount).toBeLessThanOrEqual(5_000 * RUPEE);
    expect(Number.isInteger(answer.bill.amount)).toBe(true);
    expect(await provider.fetchBill(fetch('42'))).toEqual(answer);
    expect(await book.calls('fetch', DHBVN_BILLER_ID)).toBe(2);
  });

  it('gives another customer another bill, with amounts spread over ₹100–₹5,000', async () => {
    const { provider, fetch } = sandbox();
    const amounts = new Set<number>();
    for (const code of ['31', '42', '53', '64', '75', '86', '97']) {
      const answer = await provider.fetchBill(fetch(code));
      if (answer.status !== 'bill') throw new Error(`no bill for ${code}`);
      amounts.add(answer.bill.amount);
      expect(answer.bill.amount).toBeGreaterThanOrEqual(100 * RUPEE);
      expect(answer.bill.amount).toBeLessThanOrEqual(5_000 * RUPEE);
    }
    expect(amounts.size).toBe(7);
  });

  it('answers 11 no bill due, 13 biller down and 14 invalid customer', async () => {
    const { provider, fetch } = sandbox();
    expect(await provider.fetchBill(fetch('11'))).toEqual({
      status: 'no-bill',
      reason: BBPS_SANDBOX_MESSAGES.noBill,
    });
    expect(await provider.fetchBill(fetch('13'))).toEqual({
      status: 'unavailable',
      reason: BBPS_SANDBOX_MESSAGES.billerDown,
    });
    expect(await provider.fetchBill(fetch('14'))).toEqual({
      status: 'invalid',
      reason: BBPS_SANDBOX_MESSAGES.invalidCustomer,
    });
  });

  it('answers 12 with an overdue bill (due before today in India) and a late amount', async () => {
    const { provider, fetch } = sandbox();
    const answer = await provider.fetchBill(fetch('12'));
    if (answer.status !== 'bill') throw new Error('no bill');
    expect(answer.bill.dueDate! < '2026-11-28').toBe(true);
    expect(answer.bill.dueDate! >= '2026-11-23').toBe(true);
    expect(answer.bill.lateAmount).toBeGreaterThanOrEqual(answer.bill.amount + 25 * RUPEE);
    expect(answer.bill.earlyAmount).toBeNull();
  });

  it('reads "today" in India: at 20:00 UTC the overdue bill counts from the next day', async () => {
    const { clock, provider, fetch } = sandbox();
    const before = await provider.fetchBill(fetch('42'));
    clock.at = new Date('2026-11-28T19:00:00Z');
    const after = await provider.fetchBill(fetch('42'));
    if (before.status !== 'bill' || after.status !== 'bill') throw new Error('no bill');
    expect(after.bill.dueDate! > before.bill.dueDate!).toBe(true);
    expect(after.bill.amount).toBe(before.bill.amount);
  });

  it('answers 15 with an early-payment amount 1% less until 2 days on', async () => {
    const { provider, fetch } = sandbox();
    const answer = await provider.fetchBill(fetch('15'));
    if (answer.status !== 'bill') throw new Error('no bill');
    expect(answer.bill.earlyAmount).toEqual({
      amount: answer.bill.amount - Math.floor(answer.bill.amount / 100),
      until: '2026-11-30',
    });
    expect(answer.bill.lateAmount).toBeNull();
    expect(answer.bill.dueDate! > '2026-11-28').toBe(true);
  });

  it('refuses an unknown, inactive or non-fetching biller and parameters the regex refuses', async () => {
    const { provider, fetch } = sandbox();
    expect(await provider.fetchBill({ ...fetch('42'), billerId: 'NOPE00000XXX01' })).toEqual({
      status: 'invalid',
      reason: BbpsCatalogueMessages.billerNotFound,
    });
    expect(await provider.fetchBill(fetch('42', 'AUBL00000NATAU'))).toEqual({
      status: 'unavailable',
      reason: BbpsCatalogueMessages.billerInactive,
    });
    expect(await provider.fetchBill(fetch('42', 'DGVCL0000GUJ01'))).toEqual({
      status: 'invalid',
      reason: BbpsCatalogueMessages.fetchNotSupported,
    });
    const short = { ...fetch('42'), params: { 'Account Number': '42', 'Mobile Number': '98' } };
    expect(await provider.fetchBill(short)).toEqual({
      status: 'invalid',
      reason: 'The Account Number is not valid for this biller.',
    });
  });

  it('reads the code from the first parameter for a credit card (the last 4 digits)', async () => {
    const { provider, fetch } = sandbox();
    const request = fetch('11', 'KOTA00000NATED');
    expect(request.params['Last 4 digits of Credit Card Number']).toBe('4211');
    expect(await provider.fetchBill(request)).toMatchObject({ status: 'no-bill' });
    expect(await provider.fetchBill(fetch('42', 'KOTA00000NATED'))).toMatchObject({
      status: 'bill',
      bill: { billNumber: expect.stringMatching(/^KOTA/) },
    });
  });

  it('answers the catalogue', async () => {
    const { provider } = sandbox();
    expect(await provider.catalogue()).toEqual(sandboxBbpsCatalogue());
  });
});

describe('the sandbox BBPS provider: pay', () => {
  it('pays any other code with a 20-character txnRefId, approval number and 000', async () => {
    const { book, provider, pay } = sandbox();
    const first = await provider.send(pay('42'));
    expect(first).toEqual(paid);
    expect(await provider.status('pay-42')).toEqual(first);
    const other = await provider.send(pay('43', { reference: 'pay-43' }));
    expect(other).toEqual(paid);
    expect(other).not.toEqual(first);
    expect(await book.calls('send', 'pay-42')).toBe(1);
  });

  it('answers a reference sent again with the first outcome, counting the second send', async () => {
    const { book, provider, pay } = sandbox();
    const first = await provider.send(pay('42'));
    expect(await provider.send(pay('21', { reference: 'pay-42', amount: 9 * RUPEE }))).toEqual(
      first,
    );
    expect(await book.calls('send', 'pay-42')).toBe(2);
    expect((await book.check('pay-42'))?.amount).toBe(1_234 * RUPEE);
  });

  it('keeps the CCF apart from the amount', async () => {
    const { book, provider, pay } = sandbox();
    await provider.send(pay('42', { billerId: 'IDFCFAST0NAT01', fetchRef: null, ccf: 5 * RUPEE }));
    expect(await book.check('pay-42')).toMatchObject({ amount: 1_234 * RUPEE, ccf: 5 * RUPEE });
  });

  it('fails 21: the biller rejected it with BBPS code 200, and the enquiry agrees', async () => {
    const { provider, pay } = sandbox();
    expect(await provider.send(pay('21'))).toEqual(rejected);
    expect(await provider.status('pay-21')).toEqual(rejected);
  });

  it('keeps 22 pending for 2 enquiries, then pays it', async () => {
    const { book, provider, pay } = sandbox();
    expect(await provider.send(pay('22'))).toEqual({ status: 'pending' });
    expect(await provider.status('pay-22')).toEqual({ status: 'pending' });
    expect(await provider.status('pay-22')).toEqual({ status: 'pending' });
    const settled = await provider.status('pay-22');
    expect(settled).toEqual(paid);
    expect(await provider.status('pay-22')).toEqual(settled);
    expect(await provider.send(pay('22'))).toEqual(settled);
    expect(await book.calls('send', 'pay-22')).toBe(2);
  });

  it('keeps 25 pending for 2 enquiries, then fails it', async () => {
    const { provider, pay } = sandbox();
    expect(await provider.send(pay('25'))).toEqual({ status: 'pending' });
    expect(await provider.status('pay-25')).toEqual({ status: 'pending' });
    expect(await provider.status('pay-25')).toEqual({ status: 'pending' });
    expect(await provider.status('pay-25')).toEqual(rejected);
    expect(await provider.status('pay-25')).toEqual(rejected);
  });

  it('times out on 23 having taken it: the enquiry finds it paid, and a resend too', async () => {
    const { book, provider, pay } = sandbox();
    await expect(provider.send(pay('23'))).rejects.toBeInstanceOf(RailUnavailableError);
    const found = await provider.status('pay-23');
    expect(found).toEqual(paid);
    await expect(provider.send(pay('23'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('pay-23')).toEqual(found);
    expect(await book.calls('send', 'pay-23')).toBe(2);
  });

  it('is down on 24: throws before taking it, so the enquiry answers not-found', async () => {
    const { book, provider, pay } = sandbox();
    await expect(provider.send(pay('24'))).rejects.toBeInstanceOf(RailUnavailableError);
    expect(await provider.status('pay-24')).toEqual({ status: 'not-found' });
    expect(await book.calls('send', 'pay-24')).toBe(1);
    expect(await book.calls('status', 'pay-24')).toBe(1);
  });

  it('answers status not-found for a reference never sent', async () => {
    const { provider } = sandbox();
    expect(await provider.status('never')).toEqual({ status: 'not-found' });
  });

  it('refuses (205) an unknown or inactive biller, bad parameters, and a missing fetch', async () => {
    const { provider, pay } = sandbox();
    const refused = (reason: string) => ({
      status: 'failed',
      reason,
      details: {
        approvalRef: null,
        responseCode: BBPS_SANDBOX_RESPONSE.refused.code,
        responseReason: BBPS_SANDBOX_RESPONSE.refused.reason,
      },
    });
    expect(
      await provider.send(pay('42', { reference: 'a', billerId: 'NOPE00000XXX01', params: {} })),
    ).toMatchObject(refused(BbpsCatalogueMessages.billerNotFound));
    expect(
      await provider.send(
        pay('42', { reference: 'b', billerId: 'AUBL00000NATAU', fetchRef: null }),
      ),
    ).toMatchObject(refused(BbpsCatalogueMessages.billerInactive));
    expect(
      await provider.send(pay('42', { reference: 'c', params: { 'Account Number': '1' } })),
    ).toMatchObject(refused('The Account Number is not valid for this biller.'));
    expect(await provider.send(pay('42', { reference: 'd', fetchRef: null }))).toMatchObject(
      refused(BbpsCatalogueMessages.fetchRequired),
    );
    expect(await provider.status('d')).toMatchObject(refused(BbpsCatalogueMessages.fetchRequired));
    const fastag = { billerId: 'IDFCFAST0NAT01', fetchRef: null };
    expect(await provider.send(pay('42', { ...fastag, reference: 'e', ccf: 0 }))).toMatchObject(
      refused(BBPS_SANDBOX_MESSAGES.ccfMismatch(5 * RUPEE)),
    );
    expect(await provider.send(pay('42', { ...fastag, reference: 'f', ccf: 5 * RUPEE }))).toEqual(
      paid,
    );
  });

  it('pays an ad hoc biller without a fetch (a credit card, DGVCL)', async () => {
    const { provider, pay } = sandbox();
    expect(
      await provider.send(
        pay('42', { reference: 'cc', billerId: 'HDFC00000NATHD', fetchRef: null }),
      ),
    ).toEqual(paid);
    expect(
      await provider.send(
        pay('42', { reference: 'dg', billerId: 'DGVCL0000GUJ01', fetchRef: null }),
      ),
    ).toEqual(paid);
  });

  it('waits latencyMs on a call', async () => {
    const { provider, pay } = sandbox({ latencyMs: 60 });
    const started = Date.now();
    await provider.send(pay('42'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('the sandbox BBPS provider: complaints', () => {
  const transaction = (txnRefId: string | null): BbpsComplaintRequest => ({
    type: 'transaction',
    txnRefId,
    disposition: BBPS_TRANSACTION_DISPOSITIONS[0],
    description: 'Paid on 28 Nov, the account still shows the bill due.',
    party: null,
    billerId: null,
    agentId: null,
    customerMobile: '9876543210',
  });

  it('logs a transaction complaint on a txnRefId it paid and moves it one step per enquiry', async () => {
    const { provider, pay } = sandbox();
    const payment = await provider.send(pay('42'));
    if (payment.status !== 'processed') throw new Error('not paid');
    const answer = await provider.registerComplaint(transaction(payment.utr));
    expect(answer).toEqual({
      ok: true,
      complaintId: expect.stringMatching(/^CC012611[0-9]{7}$/),
      status: 'logged',
      assignedTo: null,
    });
    if (!answer.ok) throw new Error('refused');
    expect(await provider.complaintStatus(answer.complaintId)).toEqual({
      complaintId: answer.complaintId,
      status: 'assigned',
      assignedTo: 'Dakshin Haryana Bijli Vitran Nigam',
      remarks: null,
    });
    const resolved = await provider.complaintStatus(answer.complaintId);
    expect(resolved).toEqual({
      complaintId: answer.complaintId,
      status: 'resolved',
      assignedTo: 'Dakshin Haryana Bijli Vitran Nigam',
      remarks: expect.stringContaining(payment.utr),
    });
    expect(await provider.complaintStatus(answer.complaintId)).toEqual(resolved);
  });

  it('refuses a transaction complaint on a txnRefId it does not know, or a made-up reason', async () => {
    const { provider, pay } = sandbox();
    expect(await provider.registerComplaint(transaction('CC012611ABCD00000001'))).toEqual({
      ok: false,
      reason: BBPS_SANDBOX_MESSAGES.unknownTxn,
    });
    expect(await provider.registerComplaint(transaction(null))).toMatchObject({ ok: false });
    const payment = await provider.send(pay('42'));
    if (payment.status !== 'processed') throw new Error('not paid');
    expect(
      await provider.registerComplaint({ ...transaction(payment.utr), disposition: 'Bad' }),
    ).toEqual({ ok: false, reason: BBPS_SANDBOX_MESSAGES.dispositionInvalid });
  });

  it('logs service complaints against the agent or a biller, with distinct ids', async () => {
    const { provider } = sandbox();
    const service = {
      ...transaction(null),
      type: 'service' as const,
      disposition: 'Agent overcharging',
    };
    const agent = await provider.registerComplaint({ ...service, party: 'agent', agentId: 'A1' });
    const biller = await provider.registerComplaint({
      ...service,
      disposition: 'Biller not updating payments',
      party: 'biller',
      billerId: 'BESCOM000KAR01',
    });
    if (!agent.ok || !biller.ok) throw new Error('refused');
    expect(agent.complaintId).not.toBe(biller.complaintId);
    expect(await provider.complaintStatus(biller.complaintId)).toMatchObject({
      status: 'assigned',
      assignedTo: 'Bangalore Electricity Supply Co. Ltd (BESCOM)',
    });
    expect(
      await provider.registerComplaint({ ...service, party: 'biller', billerId: 'NOPE' }),
    ).toEqual({ ok: false, reason: BbpsCatalogueMessages.billerNotFound });
    expect(await provider.registerComplaint({ ...service, party: null })).toEqual({
      ok: false,
      reason: BBPS_SANDBOX_MESSAGES.partyInvalid,
    });
  });

  it('answers undefined for an unknown complaint id', async () => {
    const { provider } = sandbox();
    expect(await provider.complaintStatus('CC0126119999999')).toBeUndefined();
  });
});
