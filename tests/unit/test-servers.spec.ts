import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseTestServers, dockerEngine, type DockerEngine } from '../support/run.mjs';

const images = { postgres: 'postgres:15-bookworm', redis: 'redis:7-bookworm' };

/** An engine whose answers the test sets: which images it has, whether a pull works. */
function fakeEngine({
  answers = true,
  has = [] as string[],
  pullError = null as string | null,
} = {}) {
  const engine = {
    where: '/fake/docker.sock',
    answers: jest.fn(async () => answers),
    hasImage: jest.fn(async (image: string) => has.includes(image)),
    pull: jest.fn(async (image: string) => {
      if (pullError) throw new Error(pullError);
      has.push(image);
    }),
  };
  return engine satisfies DockerEngine;
}

const offline =
  'Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: no such host';

describe('test servers: the chooser', () => {
  it('uses the local servers when asked, without asking the engine', async () => {
    for (const env of [{ KHATA_TEST_SERVERS: 'local' }, { KHATA_TEST_NO_CONTAINERS: '1' }]) {
      const engine = fakeEngine({ has: Object.values(images) });
      await expect(chooseTestServers({ env, engine, images })).resolves.toMatchObject({
        kind: 'local',
      });
      expect(engine.answers).not.toHaveBeenCalled();
    }
  });

  it('refuses a KHATA_TEST_SERVERS it does not know', async () => {
    await expect(
      chooseTestServers({ env: { KHATA_TEST_SERVERS: 'docker' }, engine: fakeEngine(), images }),
    ).rejects.toThrow('KHATA_TEST_SERVERS=docker is not a choice: use containers or local');
  });

  it('uses the local servers when no engine answers, and fails when containers are forced', async () => {
    await expect(
      chooseTestServers({ env: {}, engine: fakeEngine({ answers: false }), images }),
    ).resolves.toEqual({ kind: 'local', reason: 'no Docker engine answers' });
    await expect(
      chooseTestServers({
        env: { KHATA_TEST_SERVERS: 'containers' },
        engine: fakeEngine({ answers: false }),
        images,
      }),
    ).rejects.toThrow('no Docker engine answers at /fake/docker.sock');
  });

  it('uses containers from the local images first, without pulling', async () => {
    const engine = fakeEngine({ has: Object.values(images) });
    await expect(chooseTestServers({ env: {}, engine, images })).resolves.toMatchObject({
      kind: 'containers',
    });
    expect(engine.pull).not.toHaveBeenCalled();
  });

  it('pulls an image it does not have, and uses containers when the pull works', async () => {
    const engine = fakeEngine({ has: [images.redis] });
    await expect(chooseTestServers({ env: {}, engine, images })).resolves.toMatchObject({
      kind: 'containers',
    });
    expect(engine.pull).toHaveBeenCalledTimes(1);
    expect(engine.pull).toHaveBeenCalledWith(images.postgres);
  });

  it('says in one line why it falls back when an image can be neither found nor pulled', async () => {
    const engine = fakeEngine({ has: [images.postgres], pullError: `${offline}\n` });
    const choice = await chooseTestServers({ env: {}, engine, images });
    expect(choice.kind).toBe('local');
    expect(choice.reason).toBe(
      `Docker engine answers but has no redis:7-bookworm image and cannot pull it (${offline}; ` +
        'docker/images/build.sh builds it): using the local servers',
    );
    expect(choice.reason).not.toContain('\n');
  });

  it('fails plainly when containers are forced and an image cannot be had', async () => {
    await expect(
      chooseTestServers({
        env: { KHATA_TEST_SERVERS: 'containers' },
        engine: fakeEngine({ pullError: offline }),
        images,
      }),
    ).rejects.toThrow(
      'KHATA_TEST_SERVERS=containers, but the Docker engine answers but has no postgres:15-bookworm image',
    );
  });
});

describe('test servers: the engine client, against a fake engine on a Unix socket', () => {
  let server: Server | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (folder) rmSync(folder, { recursive: true, force: true });
    server = folder = undefined;
  });

  /** Answers like dockerd 20.10 offline: pings, has one image, and a pull that fails or hangs. */
  async function engineAt(pull: 'offline' | 'hangs') {
    folder = mkdtempSync(join(tmpdir(), 'khata-fake-engine-'));
    const socketPath = join(folder, 'docker.sock');
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://engine');
      if (url.pathname === '/_ping') return void res.end('OK');
      if (
        url.pathname === '/images/redis%3A7-bookworm/json' ||
        url.pathname === '/images/redis:7-bookworm/json'
      )
        return void res.end('{}');
      if (url.pathname.startsWith('/images/') && url.pathname.endsWith('/json')) {
        res.statusCode = 404;
        return void res.end('{"message":"No such image"}');
      }
      if (url.pathname === '/images/create' && pull === 'offline') {
        res.statusCode = 500;
        return void res.end(JSON.stringify({ message: offline }));
      }
      if (url.pathname === '/images/create') return void res.write('{"status":"Waiting"}\n');
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server!.listen(socketPath, resolve));
    return dockerEngine({ socketPath, pullStartMs: 300 });
  }

  it('finds local images, and turns an offline pull into the one-line fallback', async () => {
    const engine = await engineAt('offline');
    await expect(engine.answers()).resolves.toBe(true);
    await expect(engine.hasImage('redis:7-bookworm')).resolves.toBe(true);
    await expect(engine.hasImage('postgres:15-bookworm')).resolves.toBe(false);
    const choice = await chooseTestServers({ env: {}, engine, images });
    expect(choice).toEqual({
      kind: 'local',
      reason: expect.stringContaining(
        `has no postgres:15-bookworm image and cannot pull it (${offline};`,
      ),
    });
  });

  it('gives up on a pull that does not start', async () => {
    const engine = await engineAt('hangs');
    await expect(engine.pull('postgres:15-bookworm')).rejects.toThrow(
      'the pull did not start in 0.3 s',
    );
  });

  it('says no engine answers when the socket is not there', async () => {
    const engine = dockerEngine({ socketPath: '/nonexistent/docker.sock' });
    await expect(engine.answers()).resolves.toBe(false);
  });
});
