import { describe, expect, it } from '@jest/globals';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp, type Options } from 'pino-http';
import type { AppConfig } from '../config/config.js';
import { loggerOptions } from './logging.js';

/**
 * Issue 31: a partner's key was written to the logs in clear. The request log is made here with
 * the API's own options, over a real HTTP server, and every line it writes is read back.
 */
async function logLinesOf(headers: Record<string, string>): Promise<string[]> {
  const config = { logLevel: 'info', logFormat: 'json' } as AppConfig;
  const options = loggerOptions(config).pinoHttp as Options;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const log = pinoHttp(options, sink);
  const server = createServer((req, res) => {
    log(req, res);
    req.log.info({ step: 'inside the handler' }, 'handled');
    res.setHeader('set-cookie', 'token=session-secret; HttpOnly');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const call = httpRequest(
        { host: '127.0.0.1', port, path: '/api/v1/payouts', method: 'POST', headers },
        (answer) => {
          answer.resume();
          answer.on('end', resolve);
        },
      );
      call.on('error', reject);
      call.end('{"amount":"250.00"}');
    });
    // pino writes the answer's line when the answer finishes: give the event loop a turn.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return lines;
}

describe('request logs', () => {
  const key = 'kh_live_0a1b2c3d.Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhxdXV4';
  const signature = 'f'.repeat(64);

  it("never carry a partner's key, its signature or any other credential header", async () => {
    const lines = await logLinesOf({
      'content-type': 'application/json',
      'x-khata-key': key,
      'x-khata-signature': signature,
      'x-khata-timestamp': '1795000000',
      authorization: 'Bearer session-token-secret',
      cookie: 'khata_token=cookie-secret',
      pin: '2468',
      'idempotency-key': 'idem-secret-1',
      'x-made-up-secret': 'made-up-secret',
    });
    // The handler's own line and the answer's line, both with the request.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const all = lines.join('\n');
    for (const secret of [
      key,
      key.split('.')[1]!,
      signature,
      'session-token-secret',
      'cookie-secret',
      '2468',
      'idem-secret-1',
      'made-up-secret',
      'session-secret',
    ]) {
      expect(all).not.toContain(secret);
    }
    const answer = lines
      .map(
        (line) =>
          JSON.parse(line) as {
            req: Record<string, unknown>;
            res: { statusCode: number; headers: Record<string, unknown> };
          },
      )
      .at(-1)!;
    expect(answer.req).toMatchObject({
      method: 'POST',
      url: '/api/v1/payouts',
      headers: { 'content-type': 'application/json', 'x-khata-timestamp': '1795000000' },
    });
    expect(answer.res.statusCode).toBe(200);
    expect(answer.res.headers).not.toHaveProperty('set-cookie');
  });
});
