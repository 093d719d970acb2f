import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { grantedServices, roleKind, type ServiceOverride } from '@khata/domain';
import pg from 'pg';
import type { QueryRunner } from 'typeorm';
import { UserServiceOverrides1764700000200 } from '../../apps/api/src/database/migrations/1764700000200-user-service-overrides.js';
import { createTestDatabase } from '../support/databases.js';
import { currentTestRun } from '../support/run.mjs';

/**
 * Migration 1764700000200 moves `users.services` into per-user overrides of the role
 * defaults. Every user must keep exactly the services it had, plus AEPS settlement for every
 * employee 2 (which the AEPS Settlement item gave them without a service before).
 */
describe('the services migration keeps every user’s services', () => {
  let created: { drop(): Promise<void>; url: string };
  let client: pg.Client;
  const migration = new UserServiceOverrides1764700000200();
  const runner = () => ({ query: (sql: string) => client.query(sql) }) as unknown as QueryRunner;

  beforeAll(async () => {
    created = await createTestDatabase(currentTestRun());
    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    await migration.down(runner());
  });
  afterAll(async () => {
    await client?.end();
    await created?.drop();
  });

  const before: [string, string[]][] = [
    ['khataEmployee1', ['wallet', 'payout']],
    ['khataEmployee1', ['wallet']],
    ['khataEmployee1', ['wallet', 'staff']],
    ['khataEmployee1', []],
    ['khataEmployee2', ['wallet', 'payout', 'aepsAccount']],
    ['khataEmployee2', ['payout']],
    ['khataEmployee2', ['wallet', 'payout', 'aepsAccount', 'staff']],
    ['distributor', []],
    ['distributor', ['wallet', 'payout']],
    ['user', ['payout']],
    ['admin', []],
    ['sdistributor', ['staff']],
  ];

  it('stores only the differences from the new role defaults and drops the column', async () => {
    const ids: string[] = [];
    for (const [index, [role, services]] of before.entries()) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (mobile, name, role, password_hash, pin_hash, services)
         VALUES ($1, $2, $3, 'x', 'x', $4) RETURNING id`,
        [`70000000${String(index).padStart(2, '0')}`, `User ${index}`, role, services],
      );
      ids.push(rows[0]!.id);
    }

    await migration.up(runner());

    const column = await client.query(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'services'",
    );
    expect(column.rowCount).toBe(0);
    for (const [index, [role, services]] of before.entries()) {
      const { rows } = await client.query<ServiceOverride>(
        'SELECT service, enabled FROM user_service_overrides WHERE user_id = $1',
        [ids[index]],
      );
      const kind = roleKind(role)!;
      const expected = [
        ...services.filter((service) => service !== 'staff' || kind.startsWith('employee')),
        // aepsSettlement came with this migration; dmt and ppi became a retailer's defaults
        // with issue 25, aeps with issue 26, bbps with issue 27, so every retailer without an
        // override holds them now.
        ...(kind === 'employee2' ? ['aepsSettlement', 'aeps', 'dmt', 'ppi', 'bbps', 'rent'] : []),
      ];
      expect({
        role,
        had: services,
        has: grantedServices({ kind, overrides: rows }).sort(),
      }).toEqual({
        role,
        had: services,
        has: expected.sort(),
      });
    }
    const { rows: count } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_service_overrides',
    );
    // employee1 [wallet]: -payout; [wallet, staff]: -payout +staff; []: -wallet -payout;
    // employee2 [payout]: -wallet -aepsAccount; [..., staff]: +staff; distributor [wallet, payout]: 2;
    // user [payout]: 1; sdistributor [staff]: kept (counts for nothing).
    expect(count[0]!.n).toBe(1 + 2 + 2 + 2 + 1 + 2 + 1 + 1);
  });
});
