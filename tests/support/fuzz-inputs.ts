import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService } from '@nestjs/core';
import { roleName, type RoleKind } from '@khata/domain';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { RouteEntry } from '../../apps/api/src/auth/route-catalog.js';
import type { GivenUser } from './given.js';
import type { SavedBeneficiary } from './payouts.js';
import type { TestApi } from './test-api.js';

/**
 * What tests/integration/fuzz-routes.test.ts sends: a route's own fields (read from its DTO),
 * values plausible and spoiled, bodies that are not JSON, garbage headers and tokens.
 */

export type Json = unknown;

/** The roles whose users the fuzz signs in as. */
export const ROLES: RoleKind[] = ['admin', 'distributor', 'employee1', 'employee2', 'partner'];

/** The field names of a route's body DTO, read from Nest's and class-validator's metadata. */
export function bodyFieldsOf(api: TestApi, route: RouteEntry): string[] {
  const [controllerName, method] = route.handler.split('.') as [string, string];
  const wrapper = api.app
    .get(DiscoveryService)
    .getControllers()
    .find((controller) => controller.metatype?.name === controllerName);
  const controller = wrapper?.metatype as (new (...args: never[]) => unknown) | undefined;
  if (!controller) return [];
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ??
    []) as unknown[];
  const fields = new Set<string>();
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.BODY) continue;
    const dto = types[arg.index];
    if (typeof dto !== 'function') continue;
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(
      dto as new () => unknown,
      '',
      true,
      false,
    )) {
      fields.add(rule.propertyName);
    }
  }
  return [...fields];
}

export const NUL = 'a\u0000b';
export const LONE_HIGH = '\ud800x';
export const LONE_LOW = 'x\udc00';

/** Text that Postgres or a JSON column refuses, or that is merely long or odd. */
const nastyText = fc.oneof(
  fc.constantFrom(NUL, LONE_HIGH, LONE_LOW, '\u0000', '\u001b[31m', '\u007f', '\u0085', ''),
  fc.constantFrom(' ', '9000000001', '1234', '0', '-1', '1e3', 'NaN', 'null', 'true', '[]'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 100, max: 60_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '9'.repeat(n)),
);

/** A value of any JSON shape, a little nested: what a careless or hostile client sends. */
const nastyValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyText,
    fc.integer(),
    fc.constantFrom(9000000001, 1e21, -0, 0.1 + 0.2, Number.MAX_SAFE_INTEGER + 2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** `depth` levels of arrays or objects around a value, as a JSON text. */
export function nestedJson(depth: number, kind: 'array' | 'object', inner = '1'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

export interface Fixtures {
  users: Map<RoleKind, GivenUser>;
  payee: SavedBeneficiary;
  aeps: SavedBeneficiary;
}

let fresh = 0;
/** A mobile or account number no other request used, so a valid body is not a duplicate. */
const freshDigits = (lead: string, length: number) =>
  `${lead}${String(Date.now() * 100 + (fresh++ % 100)).slice(-(length - 1))}`;

/**
 * Values a field would carry in a request that gets through, the best first: a body of these
 * with one field spoiled reaches the handler (and the database) with that one bad value.
 * `path field` entries override the field's default for one route.
 */
function plausibleValues(fixtures: Fixtures): Record<string, () => Json[]> {
  const user = (kind: RoleKind) => fixtures.users.get(kind)!;
  const { payee, aeps } = fixtures;
  return {
    mobile: () => [user('employee1').mobile, user('employee2').mobile, '9876543210'],
    '/api/admin/creditWallet mobile': () => [user('employee2').mobile],
    '/api/auth/login mobile': () => [user('employee2').mobile],
    '/api/auth/partner-login mobile': () => [user('partner').mobile],
    '/api/auth/signup mobile': () => [freshDigits('6', 10)],
    '/api/admin/register-user mobile': () => [freshDigits('6', 10)],
    '/api/user/createBeneficiary mobile': () => [user('employee2').mobile, undefined],
    parentMobile: () => [undefined, user('distributor').mobile],
    remitterMobileNumber: () => [user('employee2').mobile],
    beneficiaryMobileNumber: () => ['9876543210', undefined],
    password: () => ['Secret@123', 'Wrong@1234'],
    pin: () => ['1234'],
    oldPin: () => ['1234'],
    newPin: () => ['1234', '5678'],
    name: () => ['Asha Traders', payee.name],
    email: () => ['asha@example.com', undefined],
    shopName: () => ['Asha Store', undefined],
    role: () => [roleName('employee2', 'khata'), 'nobody'],
    amount: () => ['1', 1, '1.50'],
    remark: () => ['rent', undefined],
    message: () => ['Please call me', undefined],
    token: () => ['abc'],
    loginId: () => [randomUUID()],
    currency: () => ['USD', 'EUR'],
    inrPerUnit: () => [88.5, '88.75'],
    from: () => ['2026-11-01', '2026-11'],
    to: () => ['2026-11-23', '2026-12'],
    '/api/user/monthlyTotals from': () => ['2026-11'],
    '/api/user/monthlyTotals to': () => ['2026-12'],
    page: () => [1, '2'],
    pageSize: () => [10, '20'],
    type: () => ['payout', 'dmt', 'aeps'],
    '/api/user/transactions type': () => ['walletTransfer', 'payout'],
    status: () => ['pending', 'verified'],
    '/api/user/transactions status': () => ['success', 'failed'],
    '/api/admin/payouts/resolve status': () => ['processed', 'failed'],
    '/api/admin/getAepsBeneficiaries status': () => ['pending', 'approved'],
    id: () => [randomUUID(), payee.id],
    '/api/admin/approveAepsBeneficiary id': () => [aeps.id],
    userId: () => [user('employee2').id, undefined],
    account: () => ['wallet', 'aeps'],
    system: () => [false, true],
    AccountNo: () => [freshDigits('5', 12)],
    IfscCode: () => ['HDFC0000001'],
    bankName: () => ['HDFC Bank'],
    accountNumber: () => [payee.accountNumber, freshDigits('5', 12)],
    ifscCode: () => [payee.ifsc],
    ifsc: () => [payee.ifsc],
    consent: () => ['Y', true],
    otp: () => ['123456'],
    referenceKey: () => ['ref-1'],
    reqType: () => ['add', undefined],
    beneficiaryId: () => [payee.id],
    action: () => ['approve', 'reject'],
    search: () => ['Payee', undefined],
    limit: () => [5, '5'],
    beneficiaryName: () => [payee.name],
    beneficiaryAccountNumber: () => [payee.accountNumber],
    beneficiaryIfscCode: () => [payee.ifsc],
    paymentMode: () => ['IMPS', 'NEFT'],
    confirmDuplicate: () => [true, false],
    olderThanMinutes: () => [10, 0],
    utr: () => ['UTR123456789'],
    reason: () => ['The bank confirmed it by phone.'],
  };
}

function valuesFor(
  route: RouteEntry,
  field: string,
  fixtures: Fixtures,
): (() => Json[]) | undefined {
  const table = plausibleValues(fixtures);
  return table[`${route.path} ${field}`] ?? table[field];
}

/** The best value of each field: a body that a route would accept, or come closest to. */
export function bestBody(
  route: RouteEntry,
  fields: string[],
  fixtures: Fixtures,
): Record<string, Json> {
  const body: Record<string, Json> = {};
  for (const field of fields) {
    const value = valuesFor(route, field, fixtures)?.()[0];
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** Any of a field's plausible values, made afresh for each run (fresh numbers stay fresh). */
function plausible(route: RouteEntry, field: string, fixtures: Fixtures): fc.Arbitrary<Json> {
  const values = valuesFor(route, field, fixtures);
  if (!values) return nastyValue;
  return fc.nat({ max: values().length - 1 }).map((index) => values()[index]);
}

/** A body of the route's own fields, each plausible, nasty or left out, with extras now and then. */
function fieldsBody(route: RouteEntry, fields: string[], fixtures: Fixtures): fc.Arbitrary<Json> {
  const entries = fields.map((field) =>
    fc
      .oneof(
        { weight: 3, arbitrary: plausible(route, field, fixtures) },
        { weight: 2, arbitrary: nastyValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [field, value] as const),
  );
  const extras = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { maxKeys: 2 }),
    },
  );
  return fc.tuple(fc.tuple(...entries), extras).map(([pairs, extra]) => ({
    ...extra,
    ...Object.fromEntries(pairs.filter(([, value]) => value !== undefined)),
  }));
}

export type Payload =
  | { kind: 'json'; value: Json }
  | { kind: 'raw'; text: string; contentType: string; encoding?: string };

const rawPayload: fc.Arbitrary<Payload> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(40_000, 5_000, 200, 33),
      fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
    )
    .map(([depth, kind]) => ({
      kind: 'raw' as const,
      text:
        kind === 'object'
          ? `{"mobile":${nestedJson(Math.min(depth, 15_000), kind)}}`
          : nestedJson(depth, kind),
      contentType: 'application/json',
    })),
  fc
    .constantFrom('{"mobile":', 'nul', '1', '"x"', 'null', '[]', '{"a":1}garbage', '\u0000')
    .map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({
    kind: 'raw' as const,
    text,
    contentType: 'text/plain',
  })),
  fc
    .constantFrom(
      'mobile=9000000001&password=x',
      'a[b][c][d][e][f][g]=1&mobile[]=1&mobile[]=2',
      'name=a%00b',
    )
    .map((text) => ({
      kind: 'raw' as const,
      text,
      contentType: 'application/x-www-form-urlencoded',
    })),
  fc
    .constantFrom(
      'application/json; charset=bogus',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
    )
    .map((contentType) => ({
      kind: 'raw' as const,
      text: '--x\r\n{"mobile":"1"}\r\n--x--',
      contentType,
    })),
  fc.constant({
    kind: 'raw' as const,
    text: '{"a":1}',
    contentType: 'application/json',
    encoding: 'gzip',
  }),
  fc.constant({
    kind: 'raw' as const,
    text: `{"a":"${'x'.repeat(200_000)}"}`,
    contentType: 'application/json',
  }),
);

/** Header text as HTTP can carry it: Latin-1 without controls, no blanks at either end. */
const headerChar = fc
  .oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0xa1, max: 0xff }))
  .map((code) => String.fromCharCode(code));
const headerText = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 30 }),
  fc.constantFrom('', '1234', '12345678901234567890', 'NaN', '-0', '1e9', '12 34', 'ÿÿÿÿ'),
  fc.integer({ min: 100, max: 8_000 }).map((n) => '1'.repeat(n)),
);

export type TokenChoice = 'none' | 'garbage' | 'not-bearer' | 'expired-shape' | RoleKind;

export interface Input {
  payload: Payload;
  token: TokenChoice;
  pin: string | undefined | 'right';
  idempotencyKey: string | undefined | 'fresh' | 'reused';
  latitude: string | undefined;
  longitude: string | undefined;
  query: string;
  param: string;
  signed: boolean;
}

export function inputFor(
  route: RouteEntry,
  fields: string[],
  fixtures: Fixtures,
): fc.Arbitrary<Input> {
  const coordinate = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('28.613939', '-91.000000', '999', 'null'),
    headerText,
  );
  return fc.record({
    payload: fc.oneof(
      {
        weight: 6,
        arbitrary: fieldsBody(route, fields, fixtures).map((value) => ({
          kind: 'json' as const,
          value,
        })),
      },
      { weight: 1, arbitrary: nastyValue.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 2, arbitrary: rawPayload },
    ),
    token: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<TokenChoice>(...ROLES) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<TokenChoice>('none', 'garbage', 'not-bearer', 'expired-shape'),
      },
    ),
    pin: fc.oneof(
      { weight: 6, arbitrary: fc.constant('right' as const) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: headerText },
    ),
    idempotencyKey: fc.oneof(
      { weight: 6, arbitrary: fc.constant('fresh' as const) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, 'reused' as const) },
      { weight: 1, arbitrary: headerText },
    ),
    latitude: coordinate,
    longitude: coordinate,
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '?mobile=9000000001',
          '?a[b][c]=1&a=2',
          '?x=%00&y=%ZZ',
          '?%E0%A4%A',
          `?q=${'x'.repeat(5000)}`,
        ),
      },
    ),
    param: fc.oneof(
      fc.constantFrom(
        '%00',
        '%',
        '%ZZ',
        'a%00b.png',
        '..%2F..%2Fetc%2Fpasswd',
        '%ED%A0%80',
        'x.png',
      ),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
      fc.constant('x'.repeat(3000)),
    ),
    signed: fc.boolean(),
  });
}
