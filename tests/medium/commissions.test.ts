import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, CommissionMessages, indiaDay, Messages, type SchemeService } from '@khata/domain';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../apps/api/src/audit/audit.repository.js';
import { ErrorKind } from '../../apps/api/src/common/errors.js';
import {
  AddTaxRateCommand,
  AddTaxRateHandler,
} from '../../apps/api/src/commissions/commands/add-tax-rate.js';
import {
  AssignSchemeCommand,
  AssignSchemeHandler,
} from '../../apps/api/src/commissions/commands/assign-scheme.js';
import {
  SaveSchemeCommand,
  SaveSchemeHandler,
} from '../../apps/api/src/commissions/commands/save-scheme.js';
import {
  SetDefaultSchemeCommand,
  SetDefaultSchemeHandler,
} from '../../apps/api/src/commissions/commands/set-default-scheme.js';
import {
  SetPayoutRatesCommand,
  SetPayoutRatesHandler,
} from '../../apps/api/src/commissions/commands/set-payout-rates.js';
import { CommissionsRepository } from '../../apps/api/src/commissions/commissions.repository.js';
import {
  GetSchemeAssignmentsHandler,
  GetSchemeAssignmentsQuery,
  ListSchemesHandler,
  ListTaxRatesHandler,
} from '../../apps/api/src/commissions/queries/commission-queries.js';
import { NetworkScopes } from '../../apps/api/src/network/network-scopes.js';
import { PaymentFees } from '../../apps/api/src/payouts/payment-fees.js';
import { clearOfIndiaMidnight } from '../support/clock.js';
import { given, type GivenUser } from '../support/given.js';
import { refusalOf } from '../support/medium-refusals.js';
import {
  actorOf,
  newMediumService,
  NO_CONTEXT,
  USER_MAKING,
  type MediumService,
} from '../support/medium-service.js';

/** One payout slab with flat rupees: fee, then the distributor's and super distributor's shares. */
const flat = (fee: number, distributor: number, superDistributor: number, upTo: number | null) => ({
  upTo,
  fee: { flatBase: fee },
  distributor: { flatBase: distributor },
  superDistributor: { flatBase: superDistributor },
});

/**
 * The admin's commission commands (issue 13, handlers since issue 24) on a database of its own:
 * a scheme saved and edited, assigned to a user or made a role's default (read back through the
 * fee a payment would be charged, `PaymentFees`), a user's own payout fees, and GST/TDS rates
 * from a day on. The HTTP side and the money a payout then moves (statuses, the split, the
 * posted GST) are tests/integration/commissions.test.ts.
 */
describe("commission schemes, defaults, a user's own fees and tax rates, as the handlers decide them", () => {
  let commissions: MediumService<SaveSchemeHandler>;
  let admin: GivenUser;

  beforeAll(async () => {
    commissions = await newMediumService(SaveSchemeHandler, {
      real: [
        CommissionsRepository,
        AuditLog,
        NetworkScopes,
        // The other commands of the admin's commission screen:
        AssignSchemeHandler,
        SetDefaultSchemeHandler,
        SetPayoutRatesHandler,
        AddTaxRateHandler,
        // What reads their effect back: the screen's queries and the fee a payment is charged.
        ListSchemesHandler,
        GetSchemeAssignmentsHandler,
        ListTaxRatesHandler,
        PaymentFees,
        ...USER_MAKING,
      ],
    });
    admin = await given(commissions).user({ role: 'admin', services: [] });
  }, 180_000);
  afterAll(async () => {
    await commissions.close();
  });

  const save = (body: SaveSchemeCommand['body']) =>
    commissions.sut.execute(new SaveSchemeCommand(actorOf(admin), body, NO_CONTEXT));
  const assign = (body: AssignSchemeCommand['body']) =>
    commissions
      .get(AssignSchemeHandler)
      .execute(new AssignSchemeCommand(actorOf(admin), body, NO_CONTEXT));
  const setDefault = (body: SetDefaultSchemeCommand['body']) =>
    commissions
      .get(SetDefaultSchemeHandler)
      .execute(new SetDefaultSchemeCommand(actorOf(admin), body, NO_CONTEXT));
  const setRates = (body: SetPayoutRatesCommand['body']) =>
    commissions
      .get(SetPayoutRatesHandler)
      .execute(new SetPayoutRatesCommand(actorOf(admin), body, NO_CONTEXT));
  const addTaxRate = (body: AddTaxRateCommand['body']) =>
    commissions
      .get(AddTaxRateHandler)
      .execute(new AddTaxRateCommand(actorOf(admin), body, NO_CONTEXT));

  const listed = () => commissions.get(ListSchemesHandler).execute();
  const assignmentsOf = (user: GivenUser) =>
    commissions
      .get(GetSchemeAssignmentsHandler)
      .execute(new GetSchemeAssignmentsQuery(actorOf(admin), user.id));
  /** The fee a bank payout of `paise` would be charged now, and the scheme it comes from. */
  const nextFee = async (user: GivenUser, paise: number) => {
    const { fee, commission } = await commissions
      .get(PaymentFees)
      .feeFor({ userId: user.id, kind: actorOf(user).kind }, 'payout', paise);
    return { fee, schemeId: commission?.schemeId };
  };
  const audited = async (action: string) =>
    (
      await commissions.db.query<{ subjectId: string | null; details: Record<string, unknown> }>(
        `SELECT subject_id AS "subjectId", details FROM audit_log
          WHERE action = $1 AND actor_id = $2 ORDER BY id`,
        [action, admin.id],
      )
    ).rows;
  const schemeCount = async () =>
    (await commissions.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_schemes'))
      .rows[0]!.n;

  let saved = 0;
  /** A payout scheme with a name no other test uses, charging `fee` rupees on every amount. */
  const newScheme = (fee: number, service: SchemeService = 'payout') =>
    save({ name: `Scheme ${++saved}`, service, slabs: [flat(fee, 1, 0.5, null)] });

  it('saves a scheme and reads it back as sent, then edits the same scheme in place', async () => {
    const before = await schemeCount();
    const slabs = [
      {
        upTo: 50_000,
        fee: { flatBase: 20 },
        distributor: { flatBase: 6 },
        superDistributor: { percentBase: 0.01 },
      },
      {
        upTo: null,
        fee: { percentBase: 0.5 },
        distributor: { percentBase: 0.2 },
        superDistributor: { flatBase: 0 },
      },
    ];
    const created = await save({ name: '  Premium  ', service: 'payout', slabs });
    expect(created).toMatchObject({ name: 'Premium', service: 'payout', slabs });
    expect((await listed()).find((scheme) => scheme.id === created.id)).toMatchObject({
      name: 'Premium',
      service: 'payout',
      slabs,
      defaultFor: [],
      assigned: 0,
    });

    const edited = [flat(30, 10, 5, null)];
    const again = await save({
      id: created.id,
      name: 'Premium plus',
      service: 'payout',
      slabs: edited,
    });
    expect(again.id).toBe(created.id);
    expect(
      await commissions.get(CommissionsRepository).scheme(commissions.db, created.id),
    ).toMatchObject({ name: 'Premium plus', slabs: edited });
    expect(await schemeCount()).toBe(before + 1);
    expect(
      (await audited('commission.scheme-save'))
        .filter((row) => row.details.schemeId === created.id)
        .map((row) => row.details.created),
    ).toEqual([true, false]);
  });

  it('refuses a rate past its bound, shares above the fee at the top of an open slab, and a bounded last slab, storing nothing', async () => {
    const before = await schemeCount();
    const refusals = [
      // A percent fee above 100.
      [
        {
          upTo: null,
          fee: { percentBase: 100.01 },
          distributor: { flatBase: 0 },
          superDistributor: { flatBase: 0 },
        },
      ],
      // A flat ₹10 fee under a 0.01% share: fine at ₹1, ₹100 at the largest amount a scheme
      // holds for (SCHEME_AMOUNT_MAX, ₹10 lakh), so the top of the open slab is checked too.
      [
        {
          upTo: null,
          fee: { flatBase: 10 },
          distributor: { percentBase: 0.01 },
          superDistributor: { flatBase: 0 },
        },
      ],
      [flat(15, 3, 1, 25_000)],
      // Flat shares of ₹8 and ₹3 above a flat ₹10 fee.
      [flat(10, 8, 3, null)],
    ];
    const answers = await Promise.all(
      refusals.map((slabs) => refusalOf(save({ name: 'Refused', service: 'payout', slabs }))),
    );
    expect(answers).toEqual([
      { kind: ErrorKind.Invalid, message: CommissionMessages.rateInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.sharesExceedFee(1) },
      { kind: ErrorKind.Invalid, message: CommissionMessages.lastSlabOpen },
      { kind: ErrorKind.Invalid, message: CommissionMessages.sharesExceedFee(1) },
    ]);
    expect(await schemeCount()).toBe(before);
  });

  it("refuses an edit that changes the scheme's service or names no stored scheme, and leaves it as it was", async () => {
    const scheme = await newScheme(18);
    const edit = (id: unknown, service: string) =>
      refusalOf(save({ id, name: 'Changed', service, slabs: [flat(99, 1, 1, null)] }));
    await expect(edit(scheme.id, 'aepsSettlement')).resolves.toEqual({
      kind: ErrorKind.Invalid,
      message: CommissionMessages.serviceInvalid,
    });
    for (const id of [randomUUID(), 'not-an-id']) {
      await expect(edit(id, 'payout')).resolves.toEqual({
        kind: ErrorKind.NotFound,
        message: CommissionMessages.schemeNotFound,
      });
    }
    expect(await commissions.get(CommissionsRepository).scheme(commissions.db, scheme.id)).toEqual(
      scheme,
    );
  });

  it("assigning a scheme changes the user's next fee, and no one else's; null returns it to its role's default", async () => {
    const scheme = await newScheme(21);
    const user = await given(commissions).user({ role: 'user' });
    const neighbour = await given(commissions).user({ role: 'user' });
    const before = await nextFee(user, 500_00);
    expect(before.schemeId).toBeDefined();
    expect(before.schemeId).not.toBe(scheme.id);

    // By mobile, as the console's form sends it.
    await assign({ mobile: user.mobile, service: 'payout', schemeId: scheme.id });
    expect(await nextFee(user, 500_00)).toEqual({ fee: 21_00, schemeId: scheme.id });
    expect(await nextFee(neighbour, 500_00)).toEqual(before);
    expect(await assignmentsOf(user)).toEqual({ payout: scheme.id });
    expect((await listed()).find((row) => row.id === scheme.id)?.assigned).toBe(1);
    expect((await audited('commission.scheme-assign')).at(-1)).toEqual({
      subjectId: user.id,
      details: { service: 'payout', schemeId: scheme.id },
    });

    await assign({ userId: user.id, service: 'payout', schemeId: null });
    expect(await nextFee(user, 500_00)).toEqual(before);
    expect(await assignmentsOf(user)).toEqual({});
  });

  it("refuses to assign an unknown scheme, another service's scheme, an unknown service or user, and keeps the assignment", async () => {
    const kept = await newScheme(22);
    const aeps = await newScheme(9, 'aepsSettlement');
    const user = await given(commissions).user({ role: 'user' });
    await assign({ userId: user.id, service: 'payout', schemeId: kept.id });

    const answers = await Promise.all([
      refusalOf(assign({ userId: user.id, service: 'payout', schemeId: randomUUID() })),
      refusalOf(assign({ userId: user.id, service: 'payout', schemeId: aeps.id })),
      refusalOf(assign({ userId: user.id, service: 'payout', schemeId: 'Premium' })),
      refusalOf(assign({ userId: user.id, service: 'recharge', schemeId: kept.id })),
      refusalOf(assign({ mobile: '7000000001', service: 'payout', schemeId: kept.id })),
      refusalOf(assign({ userId: randomUUID(), service: 'payout', schemeId: null })),
    ]);
    expect(answers).toEqual([
      { kind: ErrorKind.NotFound, message: CommissionMessages.schemeNotFound },
      { kind: ErrorKind.NotFound, message: CommissionMessages.schemeNotFound },
      { kind: ErrorKind.NotFound, message: CommissionMessages.schemeNotFound },
      { kind: ErrorKind.Invalid, message: CommissionMessages.serviceInvalid },
      { kind: ErrorKind.NotFound, message: Messages.userNotFound },
      { kind: ErrorKind.NotFound, message: Messages.userNotFound },
    ]);
    expect(await assignmentsOf(user)).toEqual({ payout: kept.id });
    expect(await nextFee(user, 500_00)).toEqual({ fee: 22_00, schemeId: kept.id });
  });

  it("a role's default applies to its users without a scheme of their own, new ones included; other roles keep theirs", async () => {
    const scheme = await newScheme(23);
    const own = await newScheme(24);
    const existing = await given(commissions).user({ role: 'distributor' });
    const assigned = await given(commissions).user({ role: 'distributor' });
    await assign({ userId: assigned.id, service: 'payout', schemeId: own.id });
    const otherRole = await given(commissions).user({ role: 'sdistributor' });
    const otherBefore = await nextFee(otherRole, 500_00);
    const previousDefault = (await nextFee(existing, 500_00)).schemeId;

    await setDefault({ roleKind: 'distributor', schemeId: scheme.id });
    const newcomer = await given(commissions).user({ role: 'distributor' });
    const wanted = { fee: 23_00, schemeId: scheme.id };
    expect(await nextFee(existing, 500_00)).toEqual(wanted);
    expect(await nextFee(newcomer, 500_00)).toEqual(wanted);
    expect(await nextFee(assigned, 500_00)).toEqual({ fee: 24_00, schemeId: own.id });
    expect(await nextFee(otherRole, 500_00)).toEqual(otherBefore);
    const rows = await listed();
    expect(rows.find((row) => row.id === scheme.id)?.defaultFor).toEqual(['distributor']);
    expect(rows.find((row) => row.id === previousDefault)?.defaultFor).not.toContain('distributor');

    await expect(
      Promise.all([
        refusalOf(setDefault({ roleKind: 'boss', schemeId: scheme.id })),
        refusalOf(setDefault({ roleKind: 'distributor', schemeId: randomUUID() })),
      ]),
    ).resolves.toEqual([
      { kind: ErrorKind.Invalid, message: CommissionMessages.roleInvalid },
      { kind: ErrorKind.NotFound, message: CommissionMessages.schemeNotFound },
    ]);
    expect(await nextFee(newcomer, 500_00)).toEqual(wanted);
  });

  it("a user's own payout fee wins in its slab only; the set saved is the whole set; a refused one changes nothing", async () => {
    const user = await given(commissions).user({ role: 'user' });
    const small = 500_00;
    const large = 50_000_00;
    const scheme = { small: await nextFee(user, small), large: await nextFee(user, large) };

    await setRates({ mobile: user.mobile, payout: { limit1: { flatBase: 12 }, limit2: null } });
    expect(await nextFee(user, small)).toEqual({ fee: 12_00, schemeId: scheme.small.schemeId });
    expect(await nextFee(user, large)).toEqual(scheme.large);

    await setRates({ userId: user.id, payout: { limit2: { percentBase: 0.1 } } });
    expect(await nextFee(user, small)).toEqual(scheme.small);
    expect((await nextFee(user, large)).fee).toBe(50_00);

    await expect(
      Promise.all([
        refusalOf(setRates({ userId: user.id, payout: { limit1: { percentBase: 100.5 } } })),
        refusalOf(setRates({ userId: user.id, payout: { limit4: { flatBase: 1 } } })),
        // A flat fee and a percent together: one or the other.
        refusalOf(
          setRates({ mobile: user.mobile, payout: { limit1: { flatBase: 5, percentBase: 1 } } }),
        ),
        refusalOf(setRates({ userId: randomUUID(), payout: { limit1: { flatBase: 1 } } })),
      ]),
    ).resolves.toEqual([
      { kind: ErrorKind.Invalid, message: CommissionMessages.rateInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.rateInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.rateInvalid },
      { kind: ErrorKind.NotFound, message: Messages.userNotFound },
    ]);
    expect(await nextFee(user, small)).toEqual(scheme.small);
    expect((await nextFee(user, large)).fee).toBe(50_00);
    expect(
      (await audited('commission.user-rates')).filter((row) => row.subjectId === user.id),
    ).toHaveLength(2);
  });

  it('a tax rate is in force from its India day on, a later day waits, and the rows before stay as history', async () => {
    await clearOfIndiaMidnight();
    const repository = commissions.get(CommissionsRepository);
    const today = indiaDay(commissions.clock.now());
    const before = await repository.ratesInForce(commissions.db);

    const fromToday = await addTaxRate({ kind: 'tdsNoPan', rate: 25, effectiveFrom: today });
    const fromTomorrow = await addTaxRate({
      kind: 'tds',
      rate: 1.5,
      effectiveFrom: addDays(today, 1),
    });
    expect([fromToday, fromTomorrow]).toMatchObject([
      { kind: 'tdsNoPan', rate: 2500, effectiveFrom: today, createdBy: admin.id },
      { kind: 'tds', rate: 150, effectiveFrom: addDays(today, 1), createdBy: admin.id },
    ]);
    expect(await repository.ratesInForce(commissions.db)).toEqual({
      ...before,
      tdsNoPan: 2500,
    });
    const history = await commissions.get(ListTaxRatesHandler).execute();
    expect(history.filter((row) => row.kind === 'tds').map((row) => row.effectiveFrom)[0]).toBe(
      addDays(today, 1),
    );
    expect(history.find((row) => row.id === fromToday.id)?.rate).toBe(25);

    const refused = await Promise.all([
      refusalOf(addTaxRate({ kind: 'gst', rate: 12, effectiveFrom: addDays(today, -1) })),
      refusalOf(addTaxRate({ kind: 'gst', rate: '12.345', effectiveFrom: today })),
      refusalOf(addTaxRate({ kind: 'gst', rate: 100.01, effectiveFrom: today })),
      refusalOf(addTaxRate({ kind: 'gst', rate: 12, effectiveFrom: '2027-02-30' })),
      refusalOf(addTaxRate({ kind: 'vat', rate: 12, effectiveFrom: today })),
    ]);
    expect(refused).toEqual([
      { kind: ErrorKind.Invalid, message: CommissionMessages.effectiveFromPast },
      { kind: ErrorKind.Invalid, message: CommissionMessages.taxRateInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.taxRateInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.effectiveFromInvalid },
      { kind: ErrorKind.Invalid, message: CommissionMessages.taxKindInvalid },
    ]);
    expect(await repository.ratesInForce(commissions.db)).toEqual({ ...before, tdsNoPan: 2500 });
  });

  it("judges 'today' on the injected clock: two days on, today's date is refused as past", async () => {
    const today = indiaDay(commissions.clock.now());
    commissions.clock.advance({ minutes: 2 * 24 * 60 });
    try {
      await expect(
        refusalOf(addTaxRate({ kind: 'gst', rate: 18, effectiveFrom: today })),
      ).resolves.toEqual({
        kind: ErrorKind.Invalid,
        message: CommissionMessages.effectiveFromPast,
      });
      const later = indiaDay(commissions.clock.now());
      await expect(
        addTaxRate({ kind: 'gst', rate: 18, effectiveFrom: later }),
      ).resolves.toMatchObject({ effectiveFrom: later });
    } finally {
      commissions.clock.reset();
    }
  });
});
