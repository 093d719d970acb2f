import { describe, expect, it } from '@jest/globals';
import { menuFor } from './menu.js';
import { ROLE_KINDS } from './roles.js';
import {
  checkServiceChanges,
  checkServiceReason,
  checkServiceUserId,
  decideServiceChanges,
  effectiveServices,
  overridesFor,
  refusalOfGrant,
  SERVICE_CATALOGUE,
  SERVICE_KEYS,
  serviceDefaults,
  ServiceMessages,
} from './services.js';

describe('the services catalogue', () => {
  it('names every key once, in the order of SERVICE_KEYS', () => {
    expect(SERVICE_CATALOGUE.map((info) => info.key)).toEqual([...SERVICE_KEYS]);
  });

  it('marks the payment gateway as coming later, the rest live (DMT since issue 25, BBPS 27)', () => {
    const later = SERVICE_CATALOGUE.filter((info) => info.status === 'later').map((i) => i.key);
    expect(later).toEqual(['pg']);
  });

  it('starts employees with the money services they had before the catalogue, and the rest with none', () => {
    expect(serviceDefaults('employee1')).toEqual(['wallet', 'payout']);
    expect(serviceDefaults('employee2')).toEqual([
      'wallet',
      'payout',
      'aepsAccount',
      'aepsSettlement',
      'aeps',
      'dmt',
      'ppi',
      'bbps',
      'rent',
    ]);
    for (const kind of [
      'admin',
      'sdistributor',
      'coDistributor',
      'distributor',
      'user',
      'partner',
    ] as const)
      expect(serviceDefaults(kind)).toEqual([]);
  });
});

describe('effectiveServices', () => {
  it('answers the role defaults when the user has no overrides', () => {
    for (const kind of ROLE_KINDS)
      expect(effectiveServices({ kind, overrides: [], kycState: 'approved' })).toEqual(
        serviceDefaults(kind),
      );
  });

  it('applies a revoke and a grant over the defaults, in catalogue order', () => {
    expect(
      effectiveServices({
        kind: 'employee1',
        overrides: [
          { service: 'pg', enabled: true },
          { service: 'wallet', enabled: false },
        ],
        kycState: 'approved',
      }),
    ).toEqual(['payout', 'pg']);
  });

  it('gives staff only to employees, whatever is stored', () => {
    const overrides = [{ service: 'staff', enabled: true }];
    expect(effectiveServices({ kind: 'employee2', overrides, kycState: 'approved' })).toContain(
      'staff',
    );
    expect(effectiveServices({ kind: 'employee1', overrides, kycState: 'approved' })).toContain(
      'staff',
    );
    for (const kind of ['admin', 'distributor', 'sdistributor', 'user', 'partner'] as const)
      expect(effectiveServices({ kind, overrides, kycState: 'approved' })).not.toContain('staff');
  });

  it('ignores an override of a service the catalogue does not have', () => {
    expect(
      effectiveServices({
        kind: 'user',
        overrides: [{ service: 'lottery', enabled: true }],
        kycState: 'approved',
      }),
    ).toEqual([]);
  });

  it('is what the sidebar draws: a revoked wallet takes Wallet Transfer away', () => {
    const keys = (overrides: { service: string; enabled: boolean }[]) =>
      menuFor(
        'employee1',
        effectiveServices({ kind: 'employee1', overrides, kycState: 'approved' }),
      ).map((i) => i.key);
    expect(keys([])).toContain('walletTransfer');
    expect(keys([{ service: 'wallet', enabled: false }])).not.toContain('walletTransfer');
  });
});

describe('overridesFor', () => {
  it('stores exactly the difference from the defaults, so a user holds exactly what was asked', () => {
    for (const kind of ROLE_KINDS) {
      for (const wanted of [[], ['wallet'], ['wallet', 'payout', 'aepsAccount'], ['pg', 'staff']]) {
        const overrides = overridesFor(kind, wanted);
        const expected = wanted.filter(
          (key) => key !== 'staff' || kind === 'employee1' || kind === 'employee2',
        );
        expect(effectiveServices({ kind, overrides, kycState: 'approved' }).sort()).toEqual(
          [...expected].sort(),
        );
      }
    }
    expect(overridesFor('employee1', ['wallet', 'payout'])).toEqual([]);
  });
});

describe('the updateServices rules', () => {
  it('accepts a list of known services with on or off', () => {
    expect(
      checkServiceChanges([
        { service: 'wallet', enabled: false },
        { service: 'dmt', enabled: true },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { service: 'wallet', enabled: false },
        { service: 'dmt', enabled: true },
      ],
    });
  });

  it.each([
    [undefined, ServiceMessages.changesRequired],
    [[], ServiceMessages.changesRequired],
    [[{ service: 'lottery', enabled: true }], ServiceMessages.unknownService],
    [[{ service: 'toString', enabled: true }], ServiceMessages.unknownService],
    [[{ service: 'wallet', enabled: 'yes' }], ServiceMessages.enabledRequired],
    [[{ service: 'wallet', enabled: true, extra: 1 }], ServiceMessages.unknownService],
    [
      [
        { service: 'wallet', enabled: true },
        { service: 'wallet', enabled: false },
      ],
      ServiceMessages.duplicateService,
    ],
    [
      Array.from({ length: SERVICE_KEYS.length + 1 }, () => ({ service: 'wallet', enabled: true })),
      ServiceMessages.tooManyChanges,
    ],
  ])('refuses changes %j: %s', (value, message) => {
    expect(checkServiceChanges(value)).toEqual({ ok: false, message });
  });

  it('wants a reason of at most 200 safe characters, trimmed', () => {
    expect(checkServiceReason('  KYC pending  ')).toEqual({ ok: true, value: 'KYC pending' });
    expect(checkServiceReason('  ')).toEqual({
      ok: false,
      message: ServiceMessages.reasonRequired,
    });
    expect(checkServiceReason(undefined)).toEqual({
      ok: false,
      message: ServiceMessages.reasonRequired,
    });
    expect(checkServiceReason('x'.repeat(201))).toEqual({
      ok: false,
      message: ServiceMessages.reasonTooLong,
    });
  });

  it('wants a user id that is a UUID', () => {
    expect(checkServiceUserId('nope')).toEqual({
      ok: false,
      message: ServiceMessages.userIdInvalid,
    });
    expect(checkServiceUserId(undefined)).toEqual({
      ok: false,
      message: ServiceMessages.userRequired,
    });
  });

  it('refuses staff for anyone but an employee, and never refuses a revoke', () => {
    expect(refusalOfGrant('user', { service: 'staff', enabled: true })).toBe(
      ServiceMessages.staffOnlyForEmployees,
    );
    expect(refusalOfGrant('employee1', { service: 'staff', enabled: true })).toBeUndefined();
    expect(refusalOfGrant('user', { service: 'staff', enabled: false })).toBeUndefined();
    expect(refusalOfGrant('user', { service: 'wallet', enabled: true })).toBeUndefined();
  });
});

describe('decideServiceChanges', () => {
  // employee2 holds wallet by default, staff only by an override.
  const [on, off] = ['wallet', 'staff'] as const;

  it('keeps a change away from the default as an override, and drops one back to it', () => {
    expect(
      decideServiceChanges(
        'employee2',
        [on],
        [
          { service: on, enabled: false },
          { service: off, enabled: true },
          { service: on, enabled: true },
        ],
      ),
    ).toEqual({
      ok: true,
      value: [
        { change: { service: on, enabled: false }, override: true, was: true },
        { change: { service: off, enabled: true }, override: true, was: false },
        { change: { service: on, enabled: true }, override: false, was: true },
      ],
    });
    expect(decideServiceChanges('employee2', [], [{ service: off, enabled: false }])).toEqual({
      ok: true,
      value: [{ change: { service: off, enabled: false }, override: false, was: false }],
    });
  });

  it('refuses the whole update when one change is refused', () => {
    expect(
      decideServiceChanges(
        'user',
        [on],
        [
          { service: on, enabled: false },
          { service: 'staff', enabled: true },
        ],
      ),
    ).toEqual({ ok: false, message: ServiceMessages.staffOnlyForEmployees });
  });
});
