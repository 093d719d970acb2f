import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_ACTION_LABELS, type AuditLogAnswer } from '@khata/domain';
import { randomInt } from 'node:crypto';
import { SandboxSmsSender } from '../../apps/api/src/beneficiaries/otp/sandbox-sms-sender.js';
import { bearer, given, newMobile, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The audit trail of DMT's acts on remitters (issue 25): registered, e-KYC done (or refused),
 * beneficiary added and deleted. Who, which remitter, what came of it; never an OTP, an
 * Aadhaar OTP, a full account number or a full document number. The Logs screen lists them by
 * their action with a label.
 */
describe('DMT audit trail: remitters, e-KYC, beneficiaries', () => {
  let api: TestApi;
  let shop: GivenUser;
  let shopToken: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi({});
    shop = await given(api).user({ role: 'khataEmployee2' });
    shopToken = await signIn(api, shop);
    adminToken = await signIn(api, await given(api).user({ role: 'admin', services: [] }));
  });
  afterAll(() => api.close());

  const post = (path: string, body: unknown) =>
    call<Json>(`${api.url}/api/dmt/${path}`, { body, headers: bearer(shopToken) });
  const lastOtp = (mobile: string): string => {
    const sms = api.app.get(SandboxSmsSender).lastTo(mobile);
    return /^(\d{6}) /.exec(sms?.text ?? '')![1]!;
  };
  const entries = (subjectId: string) =>
    query<{ action: string; outcome: string; actor_id: string; details: Json }>(
      api,
      'SELECT action, outcome, actor_id, details FROM audit_log WHERE subject_id = $1 ORDER BY id',
      [subjectId],
    );

  it('records registration, e-KYC and a beneficiary added then deleted, masked', async () => {
    const mobile = `${newMobile().slice(0, 9)}1`;
    const documentNumber = 'ABC1234567';
    const accountNumber = `${randomInt(100_000, 999_999)}${randomInt(100, 999)}123`;
    expect(
      (
        await post('remitter/register', {
          mobile,
          name: 'Ramesh Kumar',
          dateOfBirth: '1990-04-21',
          address: '12 Gandhi Nagar, Patna',
          pinCode: '800001',
          documentType: 'voterId',
          documentNumber,
        })
      ).status,
    ).toBe(200);
    const registerOtp = lastOtp(mobile);
    const verified = await post('remitter/verify', { mobile, otp: registerOtp });
    expect(verified.status).toBe(200);
    const remitterId = verified.body.remitter.id as string;

    expect((await post('remitter/ekyc', { mobile, method: 'otp', consent: true })).status).toBe(
      200,
    );
    const wrongAadhaarOtp = await post('remitter/ekyc', {
      mobile,
      method: 'otp',
      consent: true,
      otp: '000000',
    });
    expect(wrongAadhaarOtp.status).toBe(422);
    const aadhaarOtp = '246813';
    const done = await post('remitter/ekyc', {
      mobile,
      method: 'otp',
      consent: true,
      otp: aadhaarOtp,
    });
    expect(done.status).toBe(200);

    const added = await post('beneficiary/add', {
      remitterMobile: mobile,
      name: 'Sita Devi',
      bankName: 'State Bank of India',
      ifsc: 'SBIN0001234',
      accountNumber,
    });
    expect(added.status).toBe(200);
    const beneficiaryId = added.body.data.beneficiaryId as string;
    const addOtp = lastOtp(mobile);
    expect(
      (await post('beneficiary/confirm', { remitterMobile: mobile, beneficiaryId, otp: addOtp }))
        .status,
    ).toBe(200);
    expect(
      (await post('beneficiary/delete', { remitterMobile: mobile, beneficiaryId })).status,
    ).toBe(200);
    const deleteOtp = lastOtp(mobile);
    expect(
      (
        await post('beneficiary/delete/confirm', {
          remitterMobile: mobile,
          beneficiaryId,
          otp: deleteOtp,
        })
      ).status,
    ).toBe(200);

    const audit = await entries(remitterId);
    expect(audit.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['dmt.remitter-register', 'success'],
      ['dmt.remitter-ekyc', 'failure'],
      ['dmt.remitter-ekyc', 'success'],
      ['dmt.beneficiary-add', 'success'],
      ['dmt.beneficiary-delete', 'success'],
    ]);
    expect(audit.every((entry) => entry.actor_id === shop.id)).toBe(true);
    expect(audit[0]!.details).toEqual({
      remitterMobile: mobile,
      remitterName: 'Ramesh Kumar',
      documentType: 'voterId',
      documentNumber: '******4567',
    });
    expect(audit[1]!.details).toMatchObject({ method: 'otp', refused: expect.any(String) });
    expect(audit[2]!.details).toMatchObject({ method: 'otp', documentNumber: '******4567' });
    for (const entry of audit.slice(3)) {
      expect(entry.details).toMatchObject({
        remitterMobile: mobile,
        beneficiaryId,
        beneficiaryName: 'Sita Devi',
        ifsc: 'SBIN0001234',
        accountNumber: `XXXXXXXX${accountNumber.slice(-4)}`,
      });
    }
    // Nothing secret or whole: no OTP, no Aadhaar OTP, no document or account number in full.
    const written = JSON.stringify(audit);
    for (const secret of [
      documentNumber,
      '1234567',
      accountNumber,
      accountNumber.slice(0, -4),
      registerOtp,
      addOtp,
      deleteOtp,
      aadhaarOtp,
    ]) {
      expect(written).not.toContain(secret);
    }

    // The Logs screen: each new action is a filter with its label, and finds its entries.
    for (const action of ['dmt.remitter-register', 'dmt.beneficiary-delete'] as const) {
      const logs = await call<AuditLogAnswer>(`${api.url}/api/admin/logs`, {
        body: { action, actor: shop.id },
        headers: bearer(adminToken),
      });
      expect(logs.status).toBe(200);
      expect(logs.body.data).toHaveLength(1);
      expect(logs.body.data[0]).toMatchObject({ action, actionLabel: AUDIT_ACTION_LABELS[action] });
    }
    const [beneficiaryAdded] = (
      await call<AuditLogAnswer>(`${api.url}/api/admin/logs`, {
        body: { action: 'dmt.beneficiary-add', actor: shop.id },
        headers: bearer(adminToken),
      })
    ).body.data;
    expect(beneficiaryAdded!.lines).toEqual(
      expect.arrayContaining([
        { label: 'Account number', value: `XXXXXXXX${accountNumber.slice(-4)}` },
        { label: "Remitter's mobile", value: mobile },
      ]),
    );
  });
});
