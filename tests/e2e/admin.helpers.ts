import { randomUUID } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.js';
import { temporaryPasswordFor } from './sandbox-sms.js';
import { freshMobile } from './signin.helpers.js';

// Page objects and API shortcuts for the admin-area tests (admin*.spec.ts).

export const PASSWORD = 'counter-2468';
export const PIN = '4826';

/**
 * A name shown in a shared list (an admin's queue), told apart by project, attempt and repeat:
 * CI runs a failed test once more, and the retry (or a `--repeat-each` run) must not find an
 * earlier run's row beside its own.
 */
export function nameInRun(name: string, info: TestInfo): string {
  // In letters (a, b, c…): a beneficiary's or shop's name may not hold digits.
  const letter = (n: number) => String.fromCharCode(96 + Math.min(n, 26));
  const again = [
    info.retry > 0 ? `retry ${letter(info.retry)}` : '',
    info.repeatEachIndex > 0 ? `repeat ${letter(info.repeatEachIndex)}` : '',
  ].filter(Boolean);
  return [name, info.project.name, ...again].join(' ');
}

export interface TestUser {
  mobile: string;
  name: string;
  password: string;
  pin: string;
}

/** The admin's bearer token, for setting up data through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { mobile: E2E_ADMIN.mobile, password: E2E_ADMIN.password },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** A user's bearer token, signed in through the API (the password, no browser). */
export async function tokenOf(
  request: APIRequestContext,
  user: { mobile: string; password: string },
): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { mobile: user.mobile, password: user.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

export type ApiHeaders = { Authorization: string };

/**
 * A bank payout through the API, as the Bank Payout screen makes it: a beneficiary on a fresh
 * sandbox account whose last digits choose the bank's answer (README: `9` pays, `007` is an
 * outage), then the transfer. Answers at once, before the bank has answered.
 */
export async function requestPayout(
  request: APIRequestContext,
  user: TestUser,
  payout: { rupees: string; name: string; ending?: string },
): Promise<{ id: string; account: string; headers: ApiHeaders }> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, user)}` };
  const ending = payout.ending ?? '9';
  const digits = 11 - ending.length;
  const account = `5${String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0')}${ending}`;
  const saved = await request.post('/api/user/createBeneficiary', {
    headers,
    data: {
      AccountNo: account,
      IfscCode: 'SBIN0001234',
      name: payout.name,
      bankName: 'State Bank of India',
      status: 'pending',
      type: 'payout',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const paid = await request.post('/api/payment/bankTransfer', {
    headers: { ...headers, pin: PIN, 'Idempotency-Key': randomUUID() },
    data: {
      amount: payout.rupees,
      beneficiaryName: payout.name,
      beneficiaryAccountNumber: account,
      beneficiaryIfscCode: 'SBIN0001234',
      paymentMode: 'IMPS',
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const record = ((await paid.json()) as { transactionRecord: { _id: string } }).transactionRecord;
  return { id: record._id, account, headers };
}

/** Waits until the bank has paid a payout (the sandbox's answer) and answers its UTR. */
export async function paidUtr(
  request: APIRequestContext,
  headers: ApiHeaders,
  id: string,
): Promise<string> {
  let utr = '';
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/user/transaction', { headers, data: { id } });
        const record = (
          (await answer.json()) as {
            transactionRecord?: { status: string; externalRef: string | null };
          }
        ).transactionRecord;
        utr = record?.externalRef ?? '';
        return record?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('processed');
  return utr;
}

/** A real 1×1 PNG: the shop photo of a test's KYC. */
export const SHOP_PHOTO = {
  name: 'shop.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/**
 * A user of its own for one test, made by the admin (register-user), with a funded wallet
 * when `rupees` is given (creditWallet, through the ledger). Tests run in parallel on one
 * database, so none of them shares a wallet. Its KYC is sent and approved through the API
 * unless `kyc: 'none'` asks for a new signup that has sent nothing (issue 12).
 */
export async function givenUser(
  request: APIRequestContext,
  options: {
    role: string;
    name: string;
    rupees?: string;
    kyc?: 'none' | 'approved';
    /** The upline's mobile (register-user's parentMobile); the admin by default. */
    parentMobile?: string;
  },
): Promise<TestUser> {
  const token = await adminToken(request);
  const user = { mobile: freshMobile(), name: options.name, password: PASSWORD, pin: PIN };
  // A new admin takes the creating admin's PIN and only ever gets a temporary password by SMS
  // (issue 31): it then sets its own password and PIN, as at a first sign-in.
  const admin = options.role === 'admin';
  const created = await request.post('/api/admin/register-user', {
    headers: { Authorization: `Bearer ${token}`, ...(admin && { pin: E2E_ADMIN.pin }) },
    data: {
      ...(admin ? { mobile: user.mobile, name: user.name } : user),
      role: options.role,
      shopName: `${options.name} Store`,
      ...(options.parentMobile && { parentMobile: options.parentMobile }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  if (admin) await setOwnCredentials(request, user);
  if ((options.kyc ?? 'approved') === 'approved') await approveKyc(request, token, user);
  if (options.rupees) {
    const credited = await request.post('/api/admin/creditWallet', {
      headers: {
        Authorization: `Bearer ${token}`,
        pin: E2E_ADMIN.pin,
        'Idempotency-Key': randomUUID(),
      },
      data: { mobile: user.mobile, amount: options.rupees, remark: 'e2e opening balance' },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }
  return user;
}

/** The first sign-in with the SMS's temporary password, then the user's own password and PIN. */
async function setOwnCredentials(request: APIRequestContext, user: TestUser) {
  const first = await request.post('/api/auth/login', {
    data: { mobile: user.mobile, password: await temporaryPasswordFor(user.mobile) },
  });
  expect(first.status(), await first.text()).toBe(200);
  const { token } = (await first.json()) as { token: string };
  const set = await request.post('/api/auth/setCredentials', {
    headers: { Authorization: `Bearer ${token}` },
    data: { newPassword: user.password, newPin: user.pin },
  });
  expect(set.status(), await set.text()).toBe(200);
  await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${((await set.json()) as { token: string }).token}` },
  });
}

/** The user sends a KYC (as a signup would) and the admin approves it, all through the API. */
async function approveKyc(request: APIRequestContext, admin: string, user: TestUser) {
  const login = await request.post('/api/auth/login', {
    data: { mobile: user.mobile, password: user.password },
  });
  const { token } = (await login.json()) as { token: string };
  const sent = await request.post('/api/user/kyc', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { pan: 'ABCDE1234F', aadhaarLast4: '1234', shopPhoto: SHOP_PHOTO },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  const id = await kycSubmissionOf(request, admin, user.mobile);
  const approved = await request.post('/api/admin/kycDecision', {
    headers: { Authorization: `Bearer ${admin}`, pin: E2E_ADMIN.pin },
    data: { id, action: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** The id of the user's waiting KYC submission, from the admins' queue. */
export async function kycSubmissionOf(
  request: APIRequestContext,
  admin: string,
  mobile: string,
): Promise<string> {
  const queue = await request.post('/api/admin/kycQueue', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { state: 'submitted', pageSize: 100 },
  });
  const { data } = (await queue.json()) as { data: { _id: string; user: { mobile: string } }[] };
  const entry = data.find((submission) => submission.user.mobile === mobile);
  expect(entry, `a waiting KYC of ${mobile}`).toBeDefined();
  return entry!._id;
}

/**
 * A user onboarded by `parent` under itself (register-user with the parent's own token): the
 * server sends a temporary password by SMS, and the user sets PASSWORD and PIN at first sign-in.
 */
export async function registeredBy(
  request: APIRequestContext,
  parent: TestUser,
  role: string,
  name: string,
): Promise<TestUser> {
  const user = { mobile: freshMobile(), name, password: PASSWORD, pin: PIN };
  const created = await request.post('/api/admin/register-user', {
    headers: { Authorization: `Bearer ${await tokenOf(request, parent)}` },
    data: { mobile: user.mobile, name, role, shopName: `${name} Store` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const temporary = await tokenOf(request, {
    mobile: user.mobile,
    password: await temporaryPasswordFor(user.mobile),
  });
  const set = await request.post('/api/auth/setCredentials', {
    headers: { Authorization: `Bearer ${temporary}` },
    data: { newPassword: PASSWORD, newPin: PIN },
  });
  expect(set.status(), await set.text()).toBe(200);
  return user;
}

/** A retailer the distributor onboards under itself, with its own password and PIN and KYC approved. */
export async function retailerOf(
  request: APIRequestContext,
  distributor: TestUser,
  name: string,
): Promise<TestUser> {
  const user = await registeredBy(request, distributor, 'khataEmployee2', name);
  // KYC switches the aepsAccount service on, and with it the Payment Request item.
  const token = await tokenOf(request, user);
  const sent = await request.post('/api/user/kyc', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { pan: 'ABCDE1234F', aadhaarLast4: '1234', shopPhoto: SHOP_PHOTO },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const admin = await adminToken(request);
  const approved = await request.post('/api/admin/kycDecision', {
    headers: { Authorization: `Bearer ${admin}`, pin: E2E_ADMIN.pin },
    data: { id: await kycSubmissionOf(request, admin, user.mobile), action: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return user;
}

/** A sandbox account number that verifies and pays (the sandbox rail's rules). */
export const payableAccount = () =>
  `5${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}9`;

/** A beneficiary the user saves through the API (State Bank, verified by the sandbox), for tests of paying it. */
export async function savedBeneficiary(
  request: APIRequestContext,
  user: TestUser,
  name: string,
): Promise<{ account: string }> {
  const account = payableAccount();
  const saved = await request.post('/api/user/createBeneficiary', {
    headers: { Authorization: `Bearer ${await tokenOf(request, user)}` },
    data: { AccountNo: account, IfscCode: 'SBIN0001234', name, bankName: 'State Bank of India' },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { account };
}

/** Skips the terms popup for tests about something else: the flag says "yes". */
export async function acceptTermsBeforehand(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'khata_terms', value: 'yes', url: baseURL }]);
}

/**
 * Signs in and opens the dashboard, for tests about what comes after. The login screen itself
 * is signin.spec.ts's (and onboarding's) subject; here the session is made the way that screen
 * makes it, from a page of the portal's origin: POST /api/auth/login from the browser with the
 * device's location headers, and the token kept in the cookie the console writes (host-only,
 * until the end of the day). The console still starts once, on the dashboard; what goes is the
 * login screen's round (its route, the form, the client-side hop), which on two busy cores was
 * the slower half of a sign-in (docs/testing.md, "How long it takes").
 */
export async function signInAs(page: Page, user: { mobile: string; password: string }) {
  // Any path of the portal's origin will do: it is answered here, not by the server.
  const blank = '/e2e-sign-in';
  await page.route(`**${blank}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      // An icon of its own, or the browser asks the server for /favicon.ico, whose 404 the
      // tests' console watch then reads as an error of the page under test.
      body: '<!doctype html><title>sign-in</title><link rel="icon" href="data:,">',
    }),
  );
  await page.goto(blank);
  await page.unroute(`**${blank}`);
  const failure = await page.evaluate(
    async ({ mobile, password }) => {
      const browser = globalThis as unknown as SignInPage;
      // The position as the location gate reads it, rounded as the console stores it.
      const position = await new Promise<{ coords: { latitude: number; longitude: number } }>(
        (found, failed) => browser.navigator.geolocation.getCurrentPosition(found, failed),
      );
      const answer = await browser.fetch('/api/auth/login', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        },
        body: JSON.stringify({ mobile, password }),
      });
      if (!answer.ok) return `login answered ${answer.status}: ${await answer.text()}`;
      const { token } = (await answer.json()) as { token: string };
      const now = new Date();
      const endOfDay = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
      browser.document.cookie = `khata_token=${encodeURIComponent(token)}; Path=/; Expires=${endOfDay.toUTCString()}; SameSite=Lax`;
      return undefined;
    },
    { mobile: user.mobile, password: user.password },
  );
  expect(failure).toBeUndefined();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The admin shell is up with the user's profile, as it is once the login screen's
  // navigation lands (the welcome line is hidden on a phone, so attached, not visible). The
  // console's whole start (public and admin code, the profile) happens here at once; the login
  // screen path spread it over two 5 s waits (the form, then the dashboard), so it has both.
  await expect(page.getByTestId('welcome-name')).toBeAttached({ timeout: 10_000 });
}

/** What signInAs uses of the page (the tests' tsconfig has no DOM library). */
interface SignInPage {
  navigator: {
    geolocation: {
      getCurrentPosition(
        found: (position: { coords: { latitude: number; longitude: number } }) => void,
        failed: (error: unknown) => void,
      ): void;
    };
  };
  fetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ): Promise<{ ok: boolean; status: number; text(): Promise<string>; json(): Promise<unknown> }>;
  document: { cookie: string };
}

/** The admin layout as a user sees it. */
export class AdminLayout {
  constructor(private readonly page: Page) {}

  balance = () => this.page.getByTestId('topbar-balance');
  welcome = () => this.page.getByTestId('welcome-name');
  refresh = () => this.page.getByRole('button', { name: 'Refresh balance' });
  logout = () => this.page.getByRole('banner').getByRole('button', { name: 'Logout' });
  termsDialog = () => this.page.getByRole('dialog', { name: 'Terms and conditions' });
  menuButton = () => this.page.getByRole('button', { name: 'Open menu' });

  /** The sidebar on a desktop, the drawer's menu on a phone (opened first). */
  async menu() {
    const sidebar = this.page
      .getByRole('complementary')
      .getByRole('navigation', { name: 'Admin menu' });
    // Wait for the layout to settle on one of the two; isVisible() alone does not wait.
    await expect(this.menuButton().or(sidebar).first()).toBeVisible();
    if (await this.menuButton().isVisible()) {
      await this.menuButton().click({ timeout: 5_000 });
      return this.page.getByRole('dialog').getByRole('navigation', { name: 'Admin menu' });
    }
    return sidebar;
  }

  async menuLabels(): Promise<string[]> {
    const menu = await this.menu();
    await expect(menu.getByRole('link').first()).toBeVisible();
    return menu.getByRole('link').allInnerTexts();
  }

  /**
   * Follows a menu link. On a phone the drawer can close again when the page settles just
   * after it opened (a redirect, a refetch): then it is opened once more, until the link takes.
   */
  async open(label: string) {
    const drawer = this.page.getByRole('dialog').getByRole('navigation', { name: 'Admin menu' });
    await expect(async () => {
      const menu = (await drawer.isVisible()) ? drawer : await this.menu();
      await menu.getByRole('link', { name: label, exact: true }).click({ timeout: 5_000 });
    }).toPass({ timeout: 25_000 });
    // The drawer gives the focus back to its button as it closes: a field typed into before
    // that loses it (and a search box its open list), so the page is used once it has gone.
    await expect(drawer).toBeHidden();
  }
}

/**
 * Any error the page logs: a broken screen often shows only there. `expected` lists what a
 * test provokes on purpose (the browser logs every 4xx answer as an error).
 */
export function watchConsole(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  const record = (text: string) => {
    if (!expected.some((pattern) => pattern.test(text))) errors.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') record(message.text());
  });
  page.on('pageerror', (error) => record(error.message));
  return errors;
}

/**
 * On a phone a report's filters fold behind one "Filters" button (issue 23): open them when
 * folded; on a wide screen they are open already and nothing is clicked.
 */
export async function openFilters(page: Page): Promise<void> {
  // Only a phone folds them (the console's card layout, below 768 px); there, wait for the
  // button rather than look once, so a page still rendering is not taken for a desktop.
  if ((page.viewportSize()?.width ?? 1366) >= 768) return;
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/**
 * The lowest WCAG contrast ratio of any text inside `root`, from computed styles: each text's
 * colour against the first opaque background behind it (ancestors walked up; translucent
 * colours laid over it). With the element that has it, to say which one falls short.
 */
export async function lowestContrast(root: Locator): Promise<{ ratio: number; text: string }> {
  return root.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const view = element.ownerDocument.defaultView!;
    const parse = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, css.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
    };
    const background = (node: typeof element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = node; at; at = at.parentElement) {
        const colour = parse(view.getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    // NodeFilter.SHOW_TEXT (the tests' type check has no DOM globals).
    const SHOW_TEXT = 4;
    let lowest = { ratio: 21, text: '' };
    const walker = element.ownerDocument.createTreeWalker(element, SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const holder = text.parentElement;
      if (!holder || !text.textContent?.trim() || holder.closest('[aria-hidden="true"]')) continue;
      const behind = background(holder);
      const fore = over(parse(view.getComputedStyle(holder).color), behind);
      const [light, dark] = [luminance(fore), luminance(behind)].sort((x, y) => y - x) as [
        number,
        number,
      ];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < lowest.ratio) lowest = { ratio, text: text.textContent.trim() };
    }
    return lowest;
  });
}

/**
 * Issue 30 (WCAG 2.4.3, 4.1.3): a submit's outcome is said in the page, inside `scope`, and holds
 * the focus (`ui/FocusedResult`), rather than only in a toast that cannot take it. Returns it.
 */
export async function expectFocusedResult(
  scope: Page | Locator,
  text: string | RegExp,
): Promise<Locator> {
  const result = scope.getByTestId('submit-result').filter({ hasText: text });
  // As patient as the slowest of the specs using it (a new page's request on a busy machine).
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => result.evaluate((box) => box.contains(box.ownerDocument.activeElement)), {
      message: 'the focus is on the result',
    })
    .toBe(true);
  return result;
}
