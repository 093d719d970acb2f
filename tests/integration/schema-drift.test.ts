import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { currentTestRun } from '../support/run.mjs';
import { createTestDatabase } from '../support/databases.js';
import { ledgerSchemaOf, rebuildLedgerFromFiles, schemaDrift } from '../support/ledger-schema.js';

/**
 * libs/ledger/sql holds the live definition of what the ledger owns; the migrations are frozen
 * copies that must arrive at the same place. A database migrated from empty and one whose
 * ledger objects were rebuilt from the files must define every function, view, table,
 * constraint, index and trigger of the ledger alike.
 */
describe('the ledger schema: migrations and libs/ledger/sql agree', () => {
  const databases: { drop(): Promise<void> }[] = [];
  const clients: pg.Client[] = [];

  async function database(): Promise<pg.Client> {
    const created = await createTestDatabase(currentTestRun());
    databases.push(created);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  let migrated: pg.Client;
  let fromFiles: pg.Client;
  beforeAll(async () => {
    [migrated, fromFiles] = await Promise.all([database(), database()]);
    await rebuildLedgerFromFiles(fromFiles);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await Promise.all(databases.map((created) => created.drop()));
  });

  it('defines every ledger object in the sql files as the migrations leave it', async () => {
    const drift = schemaDrift(await ledgerSchemaOf(migrated), await ledgerSchemaOf(fromFiles));
    expect(drift).toBe('');
  });

  it('sees the objects it compares (an empty snapshot would agree with anything)', async () => {
    const keys = [...(await ledgerSchemaOf(migrated)).keys()];
    expect(keys).toEqual(
      expect.arrayContaining([
        'function ledger_append(jsonb)',
        'function ledger_post_leg(bigint,uuid,bigint,bigint)',
        'view ledger_balances_view',
        'table ledger_accounts',
        'constraint ledger_accounts.ledger_accounts_owner_or_code',
        'index ledger_holds_pending_idx',
        'trigger ledger_events.ledger_events_append_only',
        'rows system accounts',
      ]),
    );
  });
});
