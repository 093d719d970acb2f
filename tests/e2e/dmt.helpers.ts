import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import { tokenOf, type TestUser } from './admin.helpers.js';

// Issue 25: what the DMT and PPI journeys share: customers' mobiles, sandbox account numbers, the
// SMS outbox their OTPs land in, and a remitter with a beneficiary set up through the API.

/**
 * A walk-in customer's mobile, ending 1 to 7 unless `ending` is given: the sandbox provider
 * refuses e-KYC for 0 and is down for 8 (registration) and 9 (e-KYC); the PPI sandbox answers a
 * minimum-KYC wallet for 1 and a ₹30,000 month for 2.
 */
export const customerMobile = (ending = String(1 + Math.floor(Math.random() * 7))) =>
  `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${ending}`;

/** A sandbox account number with this ending (the provider's documented outcomes). */
export const accountEnding = (ending: string) => {
  const digits = 12 - ending.length;
  return `5${String(Math.floor(Math.random() * 10 ** (digits - 1))).padStart(digits - 1, '0')}${ending}`;
};

/** The SMS outbox of the portal under test (another process), where the customer's OTPs land. */
export class Outbox {
  private seen = 0;
  constructor(private readonly mobile: string) {}

  private async query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const run = currentTestRun();
    const client = new pg.Client({
      connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
    });
    await client.connect();
    try {
      return (await client.query<T>(sql, [this.mobile])).rows;
    } finally {
      await client.end();
    }
  }

  /** Remembers how many messages the customer has, so the next OTP is a new one. */
  async mark(): Promise<void> {
    const [row] = await this.query<{ count: string }>(
      'SELECT count(*) FROM sandbox_sms_outbox WHERE to_mobile = $1',
    );
    this.seen = Number(row?.count ?? 0);
  }

  /** The 6-digit code of the first message after the mark, waiting up to 10 s for it. */
  async nextOtp(): Promise<string> {
    let body = '';
    await expect
      .poll(
        async () => {
          const rows = await this.query<{ body: string }>(
            'SELECT body FROM sandbox_sms_outbox WHERE to_mobile = $1 ORDER BY id',
          );
          body = rows[this.seen]?.body ?? '';
          return body;
        },
        { timeout: 10_000, message: `an SMS to ${this.mobile}` },
      )
      .not.toBe('');
    this.seen += 1;
    const code = /\b(\d{6})\b/.exec(body);
    expect(code, body).not.toBeNull();
    return code![1]!;
  }
}

/** A registered remitter with one active beneficiary, set up through the API. */
export async function givenRemitter(
  request: APIRequestContext,
  retailer: TestUser,
  ending: string,
  { mobile = customerMobile() }: { mobile?: string } = {},
): Promise<{ mobile: string; beneficiaryId: string; headers: Record<string, string> }> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, retailer)}` };
  const outbox = new Outbox(mobile);
  const post = async (path: string, data: object) => {
    const answer = await request.post(`/api/dmt/${path}`, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
  await outbox.mark();
  await post('remitter/register', {
    mobile,
    name: 'Lakshmi Rao',
    dateOfBirth: '1985-01-15',
    address: '4 Market Lane, Dharwad, Karnataka',
    pinCode: '580001',
    documentType: 'passport',
    documentNumber: 'K1234567',
  });
  await post('remitter/verify', { mobile, otp: await outbox.nextOtp() });
  const added = await post('beneficiary/add', {
    remitterMobile: mobile,
    name: 'Gopal Rao',
    bankName: 'State Bank of India',
    ifsc: 'SBIN0001234',
    accountNumber: accountEnding(ending),
  });
  const beneficiaryId = (added.beneficiary as { id: string }).id;
  await post('beneficiary/confirm', {
    remitterMobile: mobile,
    beneficiaryId,
    otp: await outbox.nextOtp(),
  });
  return { mobile, beneficiaryId, headers };
}
