import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { addDays, indiaDay, RentMessages, RentWarnings } from '@khata/domain';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { accountOf, fund, ledgerViolations, streamEvents } from '../support/payouts.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

interface Party {
  id: string;
  role: 'landlord' | 'tenant';
  mobile: string;
  idKind: string;
  idValue: string;
  signedAt: string | null;
  otpSent: boolean;
}
interface Agreement {
  id: string;
  reference: string;
  status: string;
  stampDuty: number | null;
  serviceCharge: number | null;
  total: number | null;
  commission: number | null;
  estampCertificate: string | null;
  refunded: boolean;
  parties: Party[];
  timeline: { kind: string; at: string }[];
  warnings: string[];
  signedPdfSha256: string | null;
}
type Answer<T> = { success?: boolean; message?: string; data: T; total?: number };

const today = () => indiaDay(new Date());

function draft(over: Record<string, unknown> = {}) {
  return {
    state: 'MH',
    city: 'Pune',
    propertyAddress: 'Flat 4, Shanti Apartments, Baner, Pune 411045',
    propertyKind: 'residential',
    landlords: [
      {
        name: 'Anil Deshmukh',
        parentName: 'Vasant Deshmukh',
        address: '12 MG Road, Pune 411001',
        mobile: newMobile(),
        idKind: 'pan',
        idValue: 'ABCDE1234F',
      },
    ],
    tenants: [
      {
        name: 'Priya Nair',
        parentName: 'Suresh Nair',
        address: '7 Park Street, Kochi 682001',
        mobile: newMobile(),
        idKind: 'aadhaar',
        idValue: '4321',
      },
    ],
    rent: 15000,
    deposit: 30000,
    maintenance: 1500,
    startDate: today(),
    termMonths: 11,
    lockInMonths: 3,
    noticeMonths: 1,
    yearlyIncreasePercent: 5,
    furnishings: ['2 fans', '1 bed', 'Wardrobe'],
    witnesses: [{ name: 'Ravi Kulkarni', address: '3 FC Road, Pune 411004' }],
    ...over,
  };
}

/**
 * Rent agreements end to end (issue 28) on the real API and Postgres, the sandbox e-stamp
 * (a ₹13 stamp duty fails) and the sandbox Aadhaar eSign (its OTP read from the SMS outbox).
 */
describe('Rent agreements: draft, quote, pay once, stamp, e-sign, PDF, cancel and refund, scope, track', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'silent' });
    admin = await given(api).user({ role: 'admin', services: [] });
    const sd = await given(api).user({ role: 'sdistributor', parent: admin });
    distributor = await given(api).user({ role: 'distributor', parent: sd });
  });
  afterAll(async () => {
    await api.close();
  });

  interface Shop {
    user: GivenUser;
    token: string;
  }
  async function shop(balance = 1_00_000_00): Promise<Shop> {
    const user = await given(api).user({ parent: distributor });
    await fund(api, user, balance);
    return { user, token: await signIn(api, user) };
  }

  const url = (path: string) => `${api.url}/api/rent-agreements${path}`;
  const create = (who: Shop, body: Record<string, unknown>) =>
    call<Answer<Agreement>>(url(''), { body, headers: bearer(who.token) });
  const pay = (who: Shop, id: string, key: string = randomUUID(), pin = who.user.pin) =>
    call<Answer<Agreement>>(url(`/${id}/pay`), {
      body: { pin },
      headers: { ...bearer(who.token), 'idempotency-key': key },
    });
  const details = (token: string, id: string) =>
    call<Answer<Agreement>>(url(`/${id}`), { headers: bearer(token) });

  async function lastOtp(mobile: string): Promise<string> {
    const [row] = await query<{ body: string }>(
      api,
      'SELECT body FROM sandbox_sms_outbox WHERE to_mobile = $1 ORDER BY id DESC LIMIT 1',
      [mobile],
    );
    return /^(\d{6}) /.exec(row!.body)![1]!;
  }

  async function signAll(who: Shop, agreement: Agreement): Promise<Agreement> {
    let latest = agreement;
    for (const party of agreement.parties) {
      const sent = await call(url(`/${agreement.id}/parties/${party.id}/otp`), {
        body: {},
        headers: bearer(who.token),
      });
      expect(sent.status).toBe(200);
      const signed = await call<Answer<Agreement>>(
        url(`/${agreement.id}/parties/${party.id}/sign`),
        { body: { otp: await lastOtp(party.mobile) }, headers: bearer(who.token) },
      );
      expect(signed.status).toBe(200);
      latest = signed.body.data;
    }
    return latest;
  }

  it('quotes the price by the rule that charges it, with the warnings', async () => {
    const counter = await shop();
    const quote = await call<
      Answer<{
        stampDuty: number;
        serviceCharge: number;
        total: number;
        commission: number;
        warnings: string[];
      }>
    >(url('/quote'), {
      body: { state: 'MH', rent: 15000, deposit: 45000, termMonths: 11 },
      headers: bearer(counter.token),
    });
    expect(quote.status).toBe(200);
    // (15,000 × 11 + 45,000) × 0.25% = ₹525
    expect(quote.body.data).toMatchObject({ stampDuty: 525, serviceCharge: 299, total: 824 });
    expect(quote.body.data.commission).toBe(45);
    expect(quote.body.data.warnings).toEqual([
      RentWarnings.registrationMaharashtra,
      RentWarnings.depositResidential,
    ]);
    const karnataka = await call<Answer<{ warnings: string[] }>>(url('/quote'), {
      body: { state: 'KA', rent: 15000, deposit: 30000, termMonths: 12 },
      headers: bearer(counter.token),
    });
    expect(karnataka.body.data.warnings).toEqual([RentWarnings.registrationTerm]);
  });

  it.each([
    ['a lock-in longer than the term', { lockInMonths: 12 }, RentMessages.lockInLonger],
    [
      'a past start date',
      { startDate: addDays(indiaDay(new Date()), -1) },
      RentMessages.startDatePast,
    ],
    ['no tenant', { tenants: [] }, RentMessages.tenantRequired],
    ['no landlord', { landlords: undefined }, RentMessages.landlordRequired],
  ])('refuses a draft with %s (400), and saves nothing', async (_name, over, message) => {
    const counter = await shop();
    const answer = await create(counter, draft(over));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    const rows = await query(api, 'SELECT id FROM rent_agreements WHERE user_id = $1', [
      counter.user.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses a whole Aadhaar number and keeps none', async () => {
    const counter = await shop();
    const body = draft();
    body.tenants[0]!.idValue = '1234 5678 9012';
    const answer = await create(counter, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(RentMessages.aadhaarWhole('Tenant 1'));
  });

  it('drafts, pays once under 5 parallel clicks, stamps, e-signs both parties and keeps the signed PDF', async () => {
    const counter = await shop();
    const before = await accountOf(api, counter.user.id);
    const drafted = await create(counter, draft());
    expect(drafted.status).toBe(201);
    const id = drafted.body.data.id;
    expect(drafted.body.data.status).toBe('draft');
    expect(drafted.body.data.reference).toMatch(/^RA[0-9A-Z]{10}$/);
    // The landlord's PAN is sealed at rest (checked below) and read back whole.
    expect(
      (await details(counter.token, id)).body.data.parties.find((party) => party.idKind === 'pan')
        ?.idValue,
    ).toBe('ABCDE1234F');

    // The draft's PDF, before anything is paid: made on request, marked DRAFT.
    const draftPdf = await fetch(url(`/${id}/pdf`), { headers: bearer(counter.token) });
    expect(draftPdf.status).toBe(200);
    expect(draftPdf.headers.get('content-disposition')).toContain('-draft.pdf');
    const draftBytes = Buffer.from(await draftPdf.arrayBuffer());
    expect(draftBytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.KHATA_RENT_PDF_OUT) {
      writeFileSync(process.env.KHATA_RENT_PDF_OUT.replace(/\.pdf$/, '-draft.pdf'), draftBytes);
    }

    const key = randomUUID();
    const clicks = await Promise.all(Array.from({ length: 5 }, () => pay(counter, id, key)));
    expect(clicks.map((click) => click.status)).toEqual([200, 200, 200, 200, 200]);
    expect(clicks.filter((click) => click.headers.get('idempotency-hit') === 'true')).toHaveLength(
      4,
    );
    // Another key on a paid agreement: a 409, nothing charged.
    const again = await pay(counter, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RentMessages.alreadyPaid);
    expect(await streamEvents(api, `rent:${id}`)).toEqual(['rent.paid']);

    const paid = (await details(counter.token, id)).body.data;
    expect(paid.status).toBe('signing');
    expect(paid.estampCertificate).toMatch(/^IN-MH\d{14}[A-Z]$/);
    // 15,000 × 11 months (no increase within a year) + 30,000 deposit, 0.25% = ₹487.50 → ₹488
    expect(paid).toMatchObject({ stampDuty: 488, serviceCharge: 299, total: 787, commission: 45 });
    const after = await accountOf(api, counter.user.id);
    const [split] = await query<{ net: string }>(
      api,
      `SELECT (SELECT (line->>'net')::bigint FROM jsonb_array_elements(commission_split->'commissions') line
                WHERE line->>'level' = 'shop') AS net
         FROM rent_agreements WHERE id = $1`,
      [id],
    );
    expect(before.available - after.available).toBe(787_00 - Number(split!.net));
    expect(await ledgerViolations(api)).toEqual([]);

    // A wrong OTP is refused and costs a try; the right one signs.
    const landlord = paid.parties.find((party) => party.role === 'landlord')!;
    await call(url(`/${id}/parties/${landlord.id}/otp`), {
      body: {},
      headers: bearer(counter.token),
    });
    const code = await lastOtp(landlord.mobile);
    const wrong = await call(url(`/${id}/parties/${landlord.id}/sign`), {
      body: { otp: code === '000000' ? '111111' : '000000' },
      headers: bearer(counter.token),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(RentMessages.otpInvalid);
    const completed = await signAll(counter, paid);
    expect(completed.status).toBe('completed');
    expect(completed.parties.every((party) => party.signedAt !== null)).toBe(true);
    expect(completed.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining([
        'drafted',
        'paid',
        'stamped',
        'sent-for-signing',
        'signed',
        'completed',
      ]),
    );
    // Nothing of the OTP is kept once signed, no Aadhaar number at all, the PAN only sealed.
    const parties = await query<{ otp_hash: Buffer | null; id_kind: string; id_value: string }>(
      api,
      'SELECT otp_hash, id_kind, id_value FROM rent_parties WHERE agreement_id = $1',
      [id],
    );
    expect(parties.every((party) => party.otp_hash === null)).toBe(true);
    expect(parties.find((party) => party.id_kind === 'aadhaar')!.id_value).toBe('4321');
    expect(parties.find((party) => party.id_kind === 'pan')!.id_value).not.toContain('ABCDE1234F');

    const pdf = await fetch(url(`/${id}/pdf`), { headers: bearer(counter.token) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [kept] = await query<{ sha: string }>(
      api,
      `SELECT encode(sha256(signed_pdf), 'hex') AS sha FROM rent_agreements WHERE id = $1`,
      [id],
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(kept!.sha);
    expect((await details(counter.token, id)).body.data.signedPdfSha256).toBe(kept!.sha);
    // To look at it: KHATA_RENT_PDF_OUT=/tmp/rent.pdf, then pdftoppm -png.
    if (process.env.KHATA_RENT_PDF_OUT) writeFileSync(process.env.KHATA_RENT_PDF_OUT, bytes);

    // Cancel after the stamp: refused.
    const cancel = await call(url(`/${id}/cancel`), { body: {}, headers: bearer(counter.token) });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(RentMessages.cannotCancel);

    // The public tracker: the reference and a party's mobile, else 404.
    const tenantMobile = completed.parties.find((party) => party.role === 'tenant')!.mobile;
    const tracked = await call<
      Answer<{ status: string; parties: { name: string; signed: boolean }[] }>
    >(
      `${api.url}/api/public/rent-agreements/track?reference=${completed.reference}&mobile=${tenantMobile}`,
    );
    expect(tracked.status).toBe(200);
    expect(tracked.body.data.status).toBe('completed');
    expect(tracked.body.data.parties).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Priya N.', signed: true })]),
    );
    const stranger = await call(
      `${api.url}/api/public/rent-agreements/track?reference=${completed.reference}&mobile=${newMobile()}`,
    );
    expect(stranger.status).toBe(404);
  });

  it('pays once under 5 parallel clicks with 5 keys: one debit, four 409s', async () => {
    const counter = await shop();
    const id = (await create(counter, draft({ state: 'DL' }))).body.data.id;
    const before = await accountOf(api, counter.user.id);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => pay(counter, id)));
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await streamEvents(api, `rent:${id}`)).toEqual(['rent.paid']);
    const after = await accountOf(api, counter.user.id);
    const paid = (await details(counter.token, id)).body.data;
    expect(paid.stampDuty).toBe(100);
    expect(before.available - after.available).toBeGreaterThan(0);
    expect(before.available - after.available).toBeLessThanOrEqual(399_00);
  });

  it('refuses payment with a wrong PIN or without the money, charging nothing', async () => {
    const poor = await shop(100_00);
    const id = (await create(poor, draft())).body.data.id;
    const short = await pay(poor, id);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe(RentMessages.insufficientFunds);
    const noKey = await call(url(`/${id}/pay`), {
      body: { pin: poor.user.pin },
      headers: bearer(poor.token),
    });
    expect(noKey.status).toBe(400);
    expect((await details(poor.token, id)).body.data.status).toBe('draft');
    expect(await streamEvents(api, `rent:${id}`)).toEqual([]);
  });

  it('cancels a paid agreement whose stamp is not bought, refunding every leg', async () => {
    const counter = await shop();
    const before = await accountOf(api, counter.user.id);
    // Karnataka, ₹200 a month + ₹400 deposit: 0.5% of ₹2,600 = ₹13, which the sandbox vendor refuses.
    const id = (
      await create(counter, draft({ state: 'KA', rent: 200, deposit: 400, maintenance: 0 }))
    ).body.data.id;
    const paid = await pay(counter, id);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.stampDuty).toBe(13);
    expect(paid.body.data.timeline.map((entry) => entry.kind)).toContain('stamp-failed');
    const cancelled = await call<Answer<Agreement>>(url(`/${id}/cancel`), {
      body: {},
      headers: bearer(counter.token),
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await streamEvents(api, `rent:${id}`)).toEqual(['rent.paid', 'rent.refunded']);
    // Each event's split says what its postings did (Monthly Stats' "fee splits" line).
    const differing = await query(
      api,
      `SELECT seq FROM ledger_event_splits('-infinity', 'infinity')
        WHERE stream LIKE 'rent:%' AND (split_tds <> tds OR split_gst <> gst
          OR split_commissions <> commissions)`,
    );
    expect(differing).toEqual([]);
    expect((await accountOf(api, counter.user.id)).available).toBe(before.available);
    expect((await pay(counter, id)).status).toBe(409);
    expect(await ledgerViolations(api)).toEqual([]);
  });

  it('shows an agreement in its network only: the shop, its distributor, admins; others 404', async () => {
    const counter = await shop();
    const other = await shop();
    const id = (await create(counter, draft())).body.data.id;
    expect((await details(other.token, id)).status).toBe(404);
    expect((await details(await signIn(api, distributor), id)).status).toBe(200);
    const adminToken = await signIn(api, admin);
    expect((await details(adminToken, id)).status).toBe(200);
    const list = await call<Answer<Agreement[]>>(url('?pageSize=100'), {
      headers: bearer(counter.token),
    });
    expect(list.body.data.map((row) => row.id)).toEqual([id]);
    const otherList = await call<Answer<Agreement[]>>(url(''), { headers: bearer(other.token) });
    expect(otherList.body.data.map((row) => row.id)).not.toContain(id);
    // An admin reads; only a shop drafts.
    expect((await create({ user: admin, token: adminToken }, draft())).status).toBe(403);
    // A draft cancelled: nothing charged.
    const cancelled = await call<Answer<Agreement>>(url(`/${id}/cancel`), {
      body: {},
      headers: bearer(counter.token),
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunded: false });
  });

  it('prices every state publicly, with each rule’s basis and source', async () => {
    const prices = await call<
      Answer<{ states: { code: string; sample: { total: number } | null; source: string }[] }>
    >(`${api.url}/api/public/rent-agreements/prices`);
    expect(prices.status).toBe(200);
    expect(prices.body.data.states.map((state) => state.code)).toEqual([
      'MH',
      'KA',
      'DL',
      'HR',
      'UP',
      'TN',
      'TG',
    ]);
    for (const state of prices.body.data.states) {
      expect(state.sample!.total).toBeGreaterThan(299);
      expect(state.source.length).toBeGreaterThan(10);
    }
  });
  // Last in the file: it uses up this address's tracking misses.
  it('lets a customer track as often as they like, but an address that misses 10 times waits', async () => {
    const counter = await shop();
    const id = (await create(counter, draft())).body.data.id;
    const drafted = (await details(counter.token, id)).body.data;
    const mobile = drafted.parties[0]!.mobile;
    const track = (reference: string) =>
      call(`${api.url}/api/public/rent-agreements/track?reference=${reference}&mobile=${mobile}`);
    // Twelve finds in a row: a find gives its point back.
    for (let i = 0; i < 12; i++) expect((await track(drafted.reference)).status).toBe(200);
    // A burst of guesses: at most 10 misses are answered, the rest wait.
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) => track(`RA${String(i).padStart(10, '0')}`)),
    );
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 404 || status === 429)).toBe(true);
    expect(guesses.find((guess) => guess.status === 429)!.body.message).toMatch(
      /^Too many tries\. Please try again in 1[45] minutes\.$/,
    );
    // Now even the right pair waits, until the window ends.
    expect((await track(drafted.reference)).status).toBe(429);
  });
});
