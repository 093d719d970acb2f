import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BalanceMessages, Messages, type HoldingKind } from '@khata/domain';
import { Ledger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { GetBalancesHandler } from '../../apps/api/src/accounts/queries/get-balance.handler.js';
import { GetBalancesQuery } from '../../apps/api/src/accounts/queries/get-balance.query.js';
import { AuditLog } from '../../apps/api/src/audit/audit.repository.js';
import { HoldingBook } from '../../apps/api/src/accounts/commands/holding-book.js';
import { HoldingsRepository } from '../../apps/api/src/accounts/holdings.repository.js';
import {
  PlaceHoldingCommand,
  ReleaseHoldingCommand,
} from '../../apps/api/src/accounts/commands/place-holding.command.js';
import { PlaceHoldingHandler } from '../../apps/api/src/accounts/commands/place-holding.handler.js';
import { ReleaseHoldingHandler } from '../../apps/api/src/accounts/commands/release-holding.handler.js';
import { SetOverdraftCommand } from '../../apps/api/src/accounts/commands/set-overdraft.command.js';
import { SetOverdraftHandler } from '../../apps/api/src/accounts/commands/set-overdraft.handler.js';
import { ErrorKind } from '../../apps/api/src/common/errors.js';
import { NetworkScopes } from '../../apps/api/src/network/network-scopes.js';
import { given, type GivenUser } from '../support/given.js';
import { eventsOn } from '../support/medium-money.js';
import { refusalOf } from '../support/medium-refusals.js';
import {
  actorOf,
  newMediumService,
  NO_CONTEXT,
  PIN_CHECK,
  USER_MAKING,
  type MediumService,
} from '../support/medium-service.js';
import { fund, ledgerViolations } from '../support/payouts.js';

/**
 * Liens, security deposits and overdraft limits (issue 13) as their handlers decide them, on a
 * database of its own: what may be held (the wallet's own money, never its overdraft), once per
 * Idempotency-Key, released once, and what the balance query then answers. The HTTP side
 * (statuses, parsing, roles, live pushes, races against payouts) is tests/integration/balances.
 */
describe('holdings and overdrafts, as the handlers decide them', () => {
  let holdings: MediumService<PlaceHoldingHandler>;
  let admin: GivenUser;

  beforeAll(async () => {
    holdings = await newMediumService(PlaceHoldingHandler, {
      real: [
        HoldingsRepository,
        HoldingBook,
        NetworkScopes,
        AuditLog,
        ...PIN_CHECK,
        // The other commands and the query of the same money:
        ReleaseHoldingHandler,
        SetOverdraftHandler,
        GetBalancesHandler,
        ...USER_MAKING,
      ],
    });
    admin = await given(holdings).user({ role: 'admin', services: [] });
  }, 180_000);
  afterAll(async () => {
    await holdings.close();
  });

  async function retailer(paise: number) {
    const user = await given(holdings).user();
    if (paise) await fund(holdings, user, paise);
    return user;
  }
  const place = (kind: HoldingKind, userId: string, amount: number, key = randomUUID()) =>
    holdings.sut.execute(
      new PlaceHoldingCommand(
        actorOf(admin),
        kind,
        userId,
        amount,
        'x',
        admin.pin,
        key,
        NO_CONTEXT,
      ),
    );
  const release = (kind: HoldingKind, holdingId: string, key = randomUUID()) =>
    holdings
      .get(ReleaseHoldingHandler)
      .execute(
        new ReleaseHoldingCommand(actorOf(admin), kind, holdingId, 'y', admin.pin, key, NO_CONTEXT),
      );
  const setOverdraft = (userId: string, limit: number, key = randomUUID()) =>
    holdings
      .get(SetOverdraftHandler)
      .execute(
        new SetOverdraftCommand(actorOf(admin), userId, limit, 'z', admin.pin, key, NO_CONTEXT),
      );
  const balanceOf = (user: GivenUser) =>
    holdings.get(GetBalancesHandler).execute(new GetBalancesQuery(user.id, 'employee2'));
  const auditCount = async (action: string, subjectId: string) =>
    (
      await holdings.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND subject_id = $2',
        [action, subjectId],
      )
    ).rows[0]!.n;

  it('places a lien once per key, refuses the key with another amount, and releases it once', async () => {
    const r = await retailer(1000_00);
    const key = randomUUID();
    const placed = await place('lien', r.id, 300_00, key);
    expect(placed).toMatchObject({
      replayed: false,
      holding: { userId: r.id, kind: 'lien', amount: 300_00, status: 'placed' },
    });
    expect(await balanceOf(r)).toMatchObject({
      balances: { wallet: 700_00, lien: 300_00, security: 0 },
      overdraftLimit: 0,
    });
    const again = await place('lien', r.id, 300_00, key);
    expect(again).toMatchObject({ replayed: true, holding: { id: placed.holding.id } });
    await expect(refusalOf(place('lien', r.id, 301_00, key))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: BalanceMessages.keyReused,
    });
    expect(await auditCount('lien.place', r.id)).toBe(1);

    const releaseKey = randomUUID();
    const released = await release('lien', placed.holding.id, releaseKey);
    expect(released).toMatchObject({
      replayed: false,
      holding: { status: 'released', releaseReason: 'y' },
    });
    await expect(release('lien', placed.holding.id, releaseKey)).resolves.toMatchObject({
      replayed: true,
    });
    await expect(refusalOf(release('lien', placed.holding.id))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: BalanceMessages.lienAlreadyReleased,
    });
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 1000_00, lien: 0 } });
    const { rows } = await holdings.db.query<{ type: string }>(
      'SELECT type FROM ledger_events WHERE stream = $1 ORDER BY seq',
      [`lien:${placed.holding.id}`],
    );
    expect(rows.map((row) => row.type)).toEqual(['lien.placed', 'lien.released']);
  });

  it('holds only the money in the wallet, never its overdraft, and names the most it can hold', async () => {
    const r = await retailer(9361_55);
    await setOverdraft(r.id, 2000_00);
    await expect(refusalOf(place('lien', r.id, 10000_00))).resolves.toEqual({
      kind: ErrorKind.Refused,
      message: BalanceMessages.lienAboveMoney(9361_55),
    });
    await expect(refusalOf(place('security', r.id, 9361_56))).resolves.toEqual({
      kind: ErrorKind.Refused,
      message: BalanceMessages.depositAboveMoney(9361_55),
    });
    expect(await auditCount('lien.place', r.id)).toBe(0);
    await place('lien', r.id, 9361_55);
    await expect(refusalOf(place('lien', r.id, 1))).resolves.toEqual({
      kind: ErrorKind.Refused,
      message: BalanceMessages.lienAboveMoney(0),
    });
    expect(await balanceOf(r)).toMatchObject({
      balances: { wallet: 0, lien: 9361_55 },
      overdraftLimit: 2000_00,
    });
  });

  it('holds a security deposit into its own account and releases it, each an event; a lien release does not know it', async () => {
    const r = await retailer(2000_00);
    const held = await place('security', r.id, 500_00);
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 1500_00, security: 500_00 } });
    await expect(refusalOf(release('lien', held.holding.id))).resolves.toEqual({
      kind: ErrorKind.NotFound,
      message: BalanceMessages.lienNotFound,
    });
    await release('security', held.holding.id);
    await expect(refusalOf(release('security', held.holding.id))).resolves.toEqual({
      kind: ErrorKind.Conflict,
      message: BalanceMessages.depositAlreadyReleased,
    });
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 2000_00, security: 0 } });
    expect(await eventsOn(holdings, `security:${held.holding.id}`)).toBe(2);
    expect(await auditCount('security.hold', r.id)).toBe(1);
    expect(await auditCount('security.release', r.id)).toBe(1);
  });

  it('refuses a holding for a user that does not exist, and a release of one that does not', async () => {
    await expect(refusalOf(place('lien', randomUUID(), 10_00))).resolves.toEqual({
      kind: ErrorKind.NotFound,
      message: Messages.userNotFound,
    });
    await expect(refusalOf(release('lien', randomUUID()))).resolves.toEqual({
      kind: ErrorKind.NotFound,
      message: BalanceMessages.lienNotFound,
    });
  });

  it('a burst of parallel liens together holds no more than the money in the wallet', async () => {
    const r = await retailer(1000_00);
    await setOverdraft(r.id, 5000_00);
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => place('lien', r.id, 300_00)),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(3);
    // Each refusal names what was left when it was judged: ₹100 once three were placed.
    for (const answer of answers) {
      if (answer.status === 'rejected') {
        expect((answer.reason as Error).message).toBe(BalanceMessages.lienAboveMoney(100_00));
      }
    }
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 100_00, lien: 900_00 } });
    expect(await auditCount('lien.place', r.id)).toBe(3);
    expect(await ledgerViolations(holdings)).toEqual([]);
  });

  it('places one lien for the same request sent five times at once, and releases it once of five', async () => {
    const r = await retailer(500_00);
    const key = randomUUID();
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => place('lien', r.id, 100_00, key)),
    );
    expect(new Set(placed.map((done) => done.holding.id)).size).toBe(1);
    expect(placed.filter((done) => !done.replayed)).toHaveLength(1);
    const id = placed[0]!.holding.id;
    const releases = await Promise.allSettled(Array.from({ length: 5 }, () => release('lien', id)));
    expect(releases.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 500_00, lien: 0 } });
    expect(await eventsOn(holdings, `lien:${id}`)).toBe(2);
  });

  it('sets an overdraft the wallet may spend down to, refuses a limit below what it owes, and ends it once repaid', async () => {
    const r = await retailer(0);
    await expect(setOverdraft(r.id, 500_00)).resolves.toEqual({
      userId: r.id,
      overdraftLimit: 500_00,
      replayed: false,
    });
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 0 }, overdraftLimit: 500_00 });
    // The wallet spends 400 of it through the ledger.
    const ledger = holdings.get(Ledger);
    await ledger.append({
      type: 'wallet.debited',
      stream: `test-spending:${randomUUID()}`,
      legs: [
        { accountId: await ledger.userAccount(r.id, 'wallet'), amount: -400_00 },
        { accountId: await ledger.systemAccount('system:funding'), amount: 400_00 },
      ],
    });
    for (const limit of [399_99, 0]) {
      // The ledger refuses it under the wallet's lock; the HTTP filter words it (422).
      await expect(refusalOf(setOverdraft(r.id, limit))).resolves.toMatchObject({
        kind: 'ledger:limit-below-owed',
      });
    }
    expect(await balanceOf(r)).toMatchObject({
      balances: { wallet: -400_00 },
      overdraftLimit: 500_00,
    });
    await setOverdraft(r.id, 400_00);
    await fund(holdings, r, 400_00);
    await setOverdraft(r.id, 0);
    expect(await balanceOf(r)).toMatchObject({ balances: { wallet: 0 }, overdraftLimit: 0 });
    expect(await auditCount('overdraft.set', r.id)).toBe(3);
    expect(await ledgerViolations(holdings)).toEqual([]);
  });
});
