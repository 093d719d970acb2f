import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { RailUnavailableError } from './rail-adapter.js';
import { outcomeOfProviderPayout, ProviderRail } from './provider-rail.js';

describe('a payout provider’s statuses', () => {
  it.each([
    [
      { status: 'processed', utr: 'UTR1' },
      { status: 'processed', utr: 'UTR1' },
    ],
    [
      { status: 'SUCCESS', utr: 'UTR2' },
      { status: 'processed', utr: 'UTR2' },
    ],
    [{ status: 'processed' }, { status: 'pending' }],
    [
      { status: 'rejected', reason: 'Closed' },
      { status: 'failed', reason: 'Closed' },
    ],
    [{ status: 'cancelled' }, { status: 'failed', reason: 'Refused by the bank.' }],
    [
      { status: 'reversed', utr: 'U', reason: 'Returned' },
      { status: 'reversed', utr: 'U', reason: 'Returned' },
    ],
    [{ status: 'queued' }, { status: 'pending' }],
    [{ status: 'something new' }, { status: 'pending' }],
  ])('reads %j as %j', (payout, outcome) => {
    expect(outcomeOfProviderPayout({ reference: 'r', ...payout })).toEqual(outcome);
  });
});

/** A stand-in for the provider's HTTP API: answers what each test sets, records the requests. */
describe('the provider adapter over HTTP', () => {
  let server: Server;
  let rail: ProviderRail;
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  let next: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        response.writeHead(next.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(next.body));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    rail = new ProviderRail(
      loadConfig({
        env: {
          NODE_ENV: 'test',
          RAIL_ADAPTER: 'provider',
          RAIL_PROVIDER_URL: `http://127.0.0.1:${port}`,
          RAIL_PROVIDER_KEY: 'key_123',
          RAIL_PROVIDER_WEBHOOK_SECRET: 'secret',
        },
        stateDir: mkdtempSync(join(tmpdir(), 'khata-provider-rail-')),
      }),
    );
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const transfer = {
    reference: '6f1c2b1e-9d7a-4c1e-8f00-1a2b3c4d5e6f',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    name: 'Asha Verma',
    amount: 150000,
    mode: 'IMPS' as const,
  };

  it('sends with the payout id as the idempotency key and reads the answer', async () => {
    next = { status: 200, body: { status: 'processing' } };
    expect(await rail.send(transfer)).toEqual({ status: 'pending' });
    const request = seen.at(-1)!;
    expect(request.headers['x-payout-idempotency']).toBe(transfer.reference);
    expect(request.headers.authorization).toBe('Bearer key_123');
    expect(JSON.parse(request.body)).toMatchObject({
      reference_id: transfer.reference,
      amount: 150000,
    });
  });

  it('turns a 5xx, a 429 and bad credentials into an unknown outcome, never a failure', async () => {
    for (const status of [500, 502, 429, 401]) {
      next = { status, body: {} };
      await expect(rail.send(transfer)).rejects.toBeInstanceOf(RailUnavailableError);
    }
  });

  it('reads a refusal as failed, and a 404 on status as never received', async () => {
    next = { status: 422, body: { error: { description: 'Invalid IFSC' } } };
    expect(await rail.send(transfer)).toEqual({ status: 'failed', reason: 'Invalid IFSC' });
    next = { status: 404, body: {} };
    expect(await rail.status(transfer.reference)).toEqual({ status: 'not-found' });
    next = { status: 200, body: { items: [{ status: 'processed', utr: 'UTR9' }] } };
    expect(await rail.status(transfer.reference)).toEqual({ status: 'processed', utr: 'UTR9' });
  });
});
