import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { canSee, roleKind, type Viewer } from '@khata/domain';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { NetworkScopes } from '../../apps/api/src/network/network-scopes.js';
import { given, type GivenUser } from '../support/given.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';

/**
 * The SQL of NetworkScopes against the domain rule `canSee`, over a real tree:
 * admin ─ super distributor ─ distributor ─ retailer, a second distributor with its own
 * retailer, and a staff employee. Every viewer is asked about every user, both ways.
 */
describe('who sees whom, in SQL and in the domain rule alike', () => {
  let world: MediumApp;
  let scopes: NetworkScopes;
  let db: Db;
  const people: Record<string, GivenUser & { services: string[]; uplineIds: string[] }> = {};

  beforeAll(async () => {
    world = await startMediumApp();
    scopes = world.app.get(NetworkScopes);
    db = world.app.get(Db);
    const make = async (key: string, role: string, parentKey?: string, services: string[] = []) => {
      const parent = parentKey ? people[parentKey] : undefined;
      const user = await given(world).user({ role, parent, ...(services.length && { services }) });
      people[key] = {
        ...user,
        services,
        uplineIds: parent ? [parent.id, ...parent.uplineIds] : [],
      };
    };
    await make('admin', 'admin');
    await make('super', 'sdistributor', 'admin');
    await make('dist', 'distributor', 'super');
    await make('retailer', 'khataEmployee2', 'dist');
    await make('otherDist', 'distributor');
    await make('otherRetailer', 'khataEmployee2', 'otherDist');
    await make('staff', 'khataEmployee1', undefined, ['staff']);
    await make('plainEmployee', 'khataEmployee1');
  });
  afterAll(async () => {
    await world.close();
  });

  const viewer = (key: string): Viewer => {
    const person = people[key]!;
    return { userId: person.id, kind: roleKind(person.role)!, services: person.services };
  };

  it('gives the same answer as canSee for every viewer and every user', async () => {
    const keys = Object.keys(people);
    const mismatches: string[] = [];
    for (const from of keys) {
      for (const to of keys) {
        const expected = canSee(viewer(from), people[to]!);
        const actual = await scopes.canSee(db, viewer(from), people[to]!.id);
        if (actual !== expected) mismatches.push(`${from} → ${to}: ${actual}, rule ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('lets a super distributor see its distributors and their retailers, and no one else', async () => {
    const params: unknown[] = [];
    const filter = scopes.visibleFilter(viewer('super'), 'u', params);
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM users u WHERE ${filter}`,
      params,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(
      [people.super!.id, people.dist!.id, people.retailer!.id].sort(),
    );
  });

  it('answers a distributor asking about a user outside its downline like one that does not exist', async () => {
    // One at a time: a second promise made before the first is awaited can reject while
    // nothing listens to it yet, and Node counts that as an unhandled rejection.
    await expect(
      scopes.assertVisible(db, viewer('dist'), people.otherRetailer!.id),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'User not found' });
    await expect(
      scopes.assertVisible(db, viewer('dist'), '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ kind: 'not_found', message: 'User not found' });
  });
});
