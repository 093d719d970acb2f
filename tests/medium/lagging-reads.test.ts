import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import type { AppConfig } from '../../apps/api/src/config/config.js';
import { LaggingReads } from '../../apps/api/src/database/lagging-reads.js';
import { currentTestRun } from '../support/run.mjs';

/**
 * A replica that hangs (a host that takes the connection and never answers: a stuck network, a
 * replica in a crash loop) must not hold up the reports. The lag is looked at in the
 * background; a read goes where the last look said (the primary before any look has answered).
 */
describe('LaggingReads with a replica that never answers', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let reads: LaggingReads;

  beforeAll(async () => {
    // Takes the connection, says nothing: pg waits for the server's first message.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const config = {
      databaseUrl: `${currentTestRun().postgresUrl}/postgres`,
      replica: { url: `postgres://postgres@127.0.0.1:${port}/khata`, maxLagMs: 5000 },
    } as AppConfig;
    reads = new LaggingReads(config);
  });
  afterAll(async () => {
    await reads.onModuleDestroy().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers reads from the primary while the look at the replica is still waiting', async () => {
    let looked = false;
    const look = reads.lag().then((lag) => {
      looked = true;
      return lag;
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        reads.read<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby'),
      ),
    );
    // Every read answered, by the primary, before the look (held by the silent replica) ended.
    expect(answers.map((answer) => answer.rows[0]!.standby)).toEqual(Array(5).fill(false));
    expect(looked).toBe(false);
    const lag = await look;
    expect(lag).toMatchObject({ configured: true, reachable: false, readsFromPrimary: true });
    expect(lag.reason).toMatch(/unreachable/);
  }, 30_000);
});
