import { randomUUID } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { verhoeffDigit } from '@khata/domain';
import { tokenOf, type TestUser } from './admin.helpers.js';
// @ts-expect-error: a plain Node script without types
import { startRdSandbox } from '../../scripts/rd-sandbox.mjs';

// Issue 26's browser tests (aeps.spec.ts): the AEPS counter against the sandbox RD service (the
// fingerprint) and the sandbox AEPS provider (the bank), whose outcome is chosen by the two
// digits before the Aadhaar check digit (docs/api.md, "The sandbox AEPS provider's test data").

export const RETAILER = 'khataEmployee2';

/** The sandbox provider's outcomes, by `aadhaar.slice(9, 11)`. */
export const AEPS_OUTCOME = {
  success: '12',
  insufficientFunds: '01',
  debitedButFailed: '04',
  pendingThenSuccess: '05',
} as const;

/** A valid test Aadhaar number (Verhoeff) with this outcome code, fresh for each call. */
export function testAadhaar(code: string = AEPS_OUTCOME.success): string {
  const first = String(2 + Math.floor(Math.random() * 8));
  const middle = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const eleven = `${first}${middle}${code}`;
  return `${eleven}${verhoeffDigit(eleven)}`;
}

/** The same number with its check digit changed: 12 digits Verhoeff refuses. */
export function wrongCheckDigit(aadhaar: string): string {
  return `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
}

export interface RdSandbox {
  port: number;
  url: string;
  setMode(mode: string): void;
  close(): Promise<void>;
}

/**
 * A sandbox RD service per Playwright worker, from the top of the range down (11120, 11119…):
 * rd-device.spec.ts takes 11100 + 2 × index (and the port after it) in the same workers, and a
 * worker keeps its fixtures until it ends. The page is pointed at it with `?rdPort=`.
 */
export const test = base.extend<object, { rd: RdSandbox }>({
  rd: [
    // Playwright reads a fixture's dependencies from its destructured first argument: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const sandbox = (await startRdSandbox({
        port: 11120 - workerInfo.parallelIndex,
      })) as RdSandbox;
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * The sandbox RD service's capture, as the console sends it (the PidData XML), for calls set
 * up through the API. Node's fetch sends the RD verb as the console's does.
 */
export async function capturedPid(rd: RdSandbox): Promise<string> {
  const answer = await fetch(`${rd.url}/rd/capture`, {
    method: 'CAPTURE',
    headers: { 'Content-Type': 'text/xml' },
    body: '<PidOptions ver="1.0"><Opts fCount="1" fType="2" format="0" pidVer="2.0" timeout="10000" env="P"/></PidOptions>',
  });
  const xml = await answer.text();
  expect(xml).toContain('errCode="0"');
  return xml;
}

export interface AepsShop {
  user: TestUser;
  headers: Record<string, string>;
}

export interface AepsStatusData {
  registered: boolean;
  dailyAuthToday: boolean;
  aepsBalance: number;
}

export interface AepsTransactionData {
  id: string;
  status: string;
  amount: number;
  commission: number;
  credited: number;
  rrn: string | null;
  aadhaar: string;
  createdAt: string;
  shop: { id: string; name: string | null };
}

export async function shopHeaders(
  request: APIRequestContext,
  user: TestUser,
): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await tokenOf(request, user)}` };
}

/** `GET /api/aeps/status` as the shop. */
export async function aepsStatusOf(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<AepsStatusData> {
  const answer = await request.get('/api/aeps/status', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: AepsStatusData }).data;
}

/** The shop's main wallet balance (rupees), where an AEPS withdrawal's commission goes. */
export async function walletOf(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<number> {
  const answer = await request.post('/api/user/checkBalance', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { balance: number }).balance;
}

/** The shop registered as an agent (and, unless told, authenticated for today), by the API. */
export async function readyAgent(
  request: APIRequestContext,
  headers: Record<string, string>,
  rd: RdSandbox,
  { dailyAuth = true }: { dailyAuth?: boolean } = {},
): Promise<void> {
  rd.setMode('ready');
  const registered = await request.post('/api/aeps/agent/register', {
    headers,
    data: { aadhaar: testAadhaar(), pid: await capturedPid(rd) },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  if (!dailyAuth) return;
  const authed = await request.post('/api/aeps/agent/daily-auth', {
    headers,
    data: { pid: await capturedPid(rd) },
  });
  expect(authed.status(), await authed.text()).toBeLessThan(300);
}

/** One AEPS transaction through the API, as the counter sends it. */
export async function aepsTransaction(
  request: APIRequestContext,
  headers: Record<string, string>,
  rd: RdSandbox,
  body: { kind: string; aadhaar: string; amount?: string },
): Promise<AepsTransactionData> {
  const answer = await request.post('/api/aeps/transactions', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { bankIin: '607094', mobile: '9876543210', ...body, pid: await capturedPid(rd) },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return ((await answer.json()) as { data: AepsTransactionData }).data;
}

/** The AEPS counter, pointed at this worker's RD sandbox. */
export class AepsCounter {
  constructor(
    private readonly page: Page,
    private readonly rd: RdSandbox,
  ) {}

  async open() {
    await this.page.goto(`/admin/aeps?rdPort=${this.rd.port}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'AEPS' })).toBeVisible();
  }

  balance = () => this.page.getByTestId('aeps-balance');
  result = () => this.page.getByRole('region', { name: 'Transaction result' });
  submit = () => this.page.getByRole('button', { name: 'Submit' });

  /** The chosen transaction's form. */
  form = () => this.page.locator('.aeps-form__body');

  /** Chooses the transaction (Cash withdrawal, Balance enquiry…). */
  async choose(label: string) {
    await this.page.locator('.aeps-kinds').getByText(label, { exact: true }).click();
    await expect(this.page.getByRole('radio', { name: label })).toBeChecked();
  }

  /** The customer's details, typed as a shopkeeper types them. */
  async fill(details: { aadhaar: string; bank?: string; mobile?: string; amount?: string }) {
    const form = this.form();
    await form.getByLabel('Customer’s Aadhaar number').fill(details.aadhaar);
    const bank = form.getByLabel('Customer’s bank');
    await bank.click();
    await bank.fill(details.bank ?? 'State Bank');
    await this.page
      .locator('.ant-select-item-option')
      .filter({ hasText: details.bank ?? 'State Bank of India' })
      .first()
      .click();
    await form.getByLabel('Customer’s mobile').fill(details.mobile ?? '9876543210');
    if (details.amount !== undefined) await form.getByLabel('Amount (₹)').fill(details.amount);
  }

  /** The customer's finger on the (sandbox) scanner, read with its quality score. */
  async capture(label = 'Capture fingerprint') {
    await this.page.getByRole('button', { name: label }).click();
    await expect(this.page.getByText('Fingerprint captured')).toBeVisible({ timeout: 20_000 });
  }
}
