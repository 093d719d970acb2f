import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { currentTestRun, databasePrefix } from '../support/run.mjs';
import { PIN, tokenOf, type TestUser } from './admin.helpers.js';

// Issue 25's browser tests (dmt.spec.ts, dmt-views.spec.ts): walk-in customers, their OTPs from
// the sandbox SMS outbox, and DMT transfers set up through the API. Screens are kept in
// /tmp/dmt-shots/ to look at.

export const RETAILER = 'khataEmployee2';
const SHOTS = '/tmp/dmt-shots';

/**
 * A walk-in customer's mobile, ending 1 to 7 unless told (the PPI sandbox reads the ending too:
 * 1 is a minimum-KYC wallet): the sandbox provider refuses e-KYC for 0 and is
 * down for 8 (registration) and 9 (e-KYC).
 */
export const customerMobile = (ending = String(1 + Math.floor(Math.random() * 7))) =>
  `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${ending}`;

/** A sandbox account number with this ending (the provider's documented outcomes). */
export const accountEnding = (ending: string) => {
  const digits = 12 - ending.length;
  return `5${String(Math.floor(Math.random() * 10 ** (digits - 1))).padStart(digits - 1, '0')}${ending}`;
};

/** One query on the portal's own database (it runs in another process). */
async function portalQuery<T extends pg.QueryResultRow>(
  sql: string,
  values: unknown[],
): Promise<T[]> {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The SMS outbox of the portal under test (another process), where the customer's OTPs land. */
export class Outbox {
  private seen = 0;
  constructor(private readonly mobile: string) {}

  private query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    return portalQuery<T>(sql, [this.mobile]);
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

/** A full-page screenshot in /tmp/dmt-shots/, named by step and project, to look at. */
export async function shot(page: Page, info: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true });
}

/** Picks an antd Select's option by its visible label. */
export async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

export interface GivenRemitter {
  mobile: string;
  beneficiaryId: string;
  /** The beneficiary's whole account number (the screens show its last 4). */
  account: string;
  headers: Record<string, string>;
}

/** A registered remitter with one active beneficiary, set up through the API. */
export async function givenRemitter(
  request: APIRequestContext,
  retailer: TestUser,
  ending: string,
  {
    remitter,
    beneficiary,
    mobile = customerMobile(),
  }: { remitter?: string; beneficiary?: string; mobile?: string } = {},
): Promise<GivenRemitter> {
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
    name: remitter ?? 'Lakshmi Rao',
    dateOfBirth: '1985-01-15',
    address: '4 Market Lane, Dharwad, Karnataka',
    pinCode: '580001',
    documentType: 'passport',
    documentNumber: 'K1234567',
  });
  await post('remitter/verify', { mobile, otp: await outbox.nextOtp() });
  const account = accountEnding(ending);
  const added = await post('beneficiary/add', {
    remitterMobile: mobile,
    name: beneficiary ?? 'Gopal Rao',
    bankName: 'State Bank of India',
    ifsc: 'SBIN0001234',
    accountNumber: account,
  });
  const beneficiaryId = (added.beneficiary as { id: string }).id;
  await post('beneficiary/confirm', {
    remitterMobile: mobile,
    beneficiaryId,
    otp: await outbox.nextOtp(),
  });
  return { mobile, beneficiaryId, account, headers };
}

/**
 * One DMT transfer through the API, as the Money Transfer screen sends it: the customer's OTP,
 * then the transfer with the shop's PIN. Answers the transfer's id and fee (rupees) at once,
 * before the provider has answered.
 */
export async function sendTransfer(
  request: APIRequestContext,
  remitter: GivenRemitter,
  rupees: string,
): Promise<{ id: string; fee: number }> {
  const outbox = new Outbox(remitter.mobile);
  await outbox.mark();
  const of = {
    remitterMobile: remitter.mobile,
    beneficiaryId: remitter.beneficiaryId,
    amount: rupees,
    mode: 'IMPS',
  };
  const otp = await request.post('/api/dmt/transfer/otp', { headers: remitter.headers, data: of });
  expect(otp.ok(), await otp.text()).toBe(true);
  const sent = await request.post('/api/dmt/transfer', {
    headers: { ...remitter.headers, pin: PIN, 'Idempotency-Key': randomUUID() },
    data: { ...of, otp: await outbox.nextOtp() },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { data } = (await sent.json()) as { data: { id: string; fee: number } };
  return { id: data.id, fee: data.fee };
}

/** Waits until the shop's transfer list holds the transfer under this status filter. */
export async function transferReaches(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
  status: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const list = await request.post('/api/dmt/transfers', {
          headers,
          data: { status, pageSize: 100 },
        });
        const { data } = (await list.json()) as { data: { id: string }[] };
        return data.some((row) => row.id === id);
      },
      { timeout: 30_000, message: `transfer ${id} ${status}` },
    )
    .toBe(true);
}

/** What the sandbox provider holds of a transfer: its status and how often it was asked. */
export async function providerBook(
  transferId: string,
): Promise<{ status: string; statusChecks: number }> {
  const [row] = await portalQuery<{ status: string; statusChecks: number }>(
    `SELECT status, status_checks AS "statusChecks" FROM sandbox_dmt_transfers
      WHERE reference = $1`,
    [transferId],
  );
  expect(row, `the sandbox provider's entry of ${transferId}`).toBeDefined();
  return row!;
}
