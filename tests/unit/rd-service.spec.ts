import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildPidOptions,
  captureOnce,
  capturePid,
  captureVerdict,
  discoverRdService,
  makeOf,
  parseCapture,
  parseDeviceInfo,
  parseRdService,
  portsToScan,
} from '../../apps/console/src/features/pages/devices/rd-client.js';
// @ts-expect-error: a plain Node script without types
import { readPidOptions, SANDBOX_PID_DATA, startRdSandbox } from '../../scripts/rd-sandbox.mjs';

interface Sandbox {
  port: number;
  url: string;
  setMode(mode: string): void;
  close(): Promise<void>;
}

/** Issue 26: the RD service client's XML and messages, and the sandbox RD service's protocol. */
describe('RD service XML', () => {
  it('reads an RDSERVICE answer with its interface paths (Morpho style and default)', () => {
    const morpho = parseRdService(
      '<RDService status="READY" info="IDEMIA_L1_RDSERVICE"><Interface id="CAPTURE" path="/capture"/><Interface id="DEVICEINFO" path="/getDeviceInfo"/></RDService>',
    );
    expect(morpho).toEqual({
      status: 'READY',
      info: 'IDEMIA_L1_RDSERVICE',
      capturePath: '/capture',
      infoPath: '/getDeviceInfo',
    });
    expect(parseRdService("<RDService status='notready' info='Mantra'/>")).toMatchObject({
      status: 'NOTREADY',
      capturePath: '/rd/capture',
      infoPath: '/rd/info',
    });
    expect(parseRdService('<html>not it</html>')).toBeNull();
  });

  it('reads DEVICEINFO with the serial from additional_info, and names the maker', () => {
    const info = parseDeviceInfo(
      '<DeviceInfo dpId="MANTRA.MSIPL" rdsId="RENESAS.MANTRA.001" rdsVer="1.0.8" mi="MFS100" mc="X" dc="Y"><additional_info><Param name="other" value="1"/><Param name="srno" value="2831562"/></additional_info></DeviceInfo>',
    );
    expect(info).toEqual({
      dpId: 'MANTRA.MSIPL',
      rdsId: 'RENESAS.MANTRA.001',
      rdsVer: '1.0.8',
      mi: 'MFS100',
      serial: '2831562',
    });
    expect(makeOf('MANTRA.MSIPL')).toBe('Mantra');
    expect(makeOf('Morpho.SmartChip')).toBe('Morpho (IDEMIA)');
    expect(makeOf('STARTEK.ACPL')).toBe('Startek');
    expect(makeOf('', 'IDEMIA_L1_RDSERVICE')).toBe('Morpho (IDEMIA)');
  });

  it('builds PidOptions with env P and format 0, and wadh only when asked (e-KYC)', () => {
    const plain = readPidOptions(buildPidOptions({ fCount: 1, fType: 2, timeoutMs: 15000 }));
    expect(plain).toEqual({
      fCount: '1',
      fType: '2',
      iCount: '0',
      pCount: '0',
      format: '0',
      pidVer: '2.0',
      timeout: '15000',
      posh: 'UNKNOWN',
      env: 'P',
    });
    expect(readPidOptions(buildPidOptions({ wadh: 'ab"c=' })).wadh).toBe('ab&quot;c=');
  });

  it('maps error codes and a low quality score to plain messages', () => {
    const resp = (attrs: string) => parseCapture(`<PidData><Resp ${attrs}/></PidData>`)!;
    expect(captureVerdict(resp('errCode="0" qScore="84"'))).toMatchObject({ ok: true });
    expect(captureVerdict(resp('errCode="0" qScore="32"')).title).toBe(
      'Place the finger again, it was not read clearly',
    );
    expect(captureVerdict(resp('errCode="700"')).title).toMatch(/No finger was placed in time/);
    expect(captureVerdict(resp('errCode="710"')).title).toMatch(/in use by another program/);
    expect(captureVerdict(resp('errCode="720"')).title).toMatch(/not ready/);
    expect(captureVerdict(resp('errCode="730"')).title).toMatch(/could not be captured/);
    expect(captureVerdict(resp('errCode="740"')).title).toMatch(/needs restarting/);
    expect(captureVerdict(resp('errCode="999"')).help).toContain('code 999');
  });

  it('scans the whole range unless one port in it is asked for', () => {
    expect(portsToScan()).toHaveLength(21);
    expect(portsToScan('11107')).toEqual([11107]);
    expect(portsToScan('8080')).toHaveLength(21);
    expect(portsToScan('11100; drop')).toHaveLength(21);
  });
});

describe('discovery over the whole range (fake fetch)', () => {
  const rd = (status: string) => `<RDService status="${status}" info="x"/>`;
  it('asks every port over http first, and takes the lowest port that answers', async () => {
    const asked: string[] = [];
    const found = await discoverRdService({
      fetcher: async (url, init) => {
        asked.push(`${init.method} ${url}`);
        if (url === 'http://127.0.0.1:11107/') return new Response(rd('READY'));
        if (url === 'http://127.0.0.1:11112/') return new Response(rd('NOTREADY'));
        if (url === 'http://127.0.0.1:11103/') return new Response('<html>a web server</html>');
        if (url.endsWith('/rd/info')) return new Response('<DeviceInfo dpId="MANTRA.MSIPL"/>');
        throw new TypeError('connection refused');
      },
    });
    expect(found).toMatchObject({ port: 11107, url: 'http://127.0.0.1:11107' });
    expect(found!.device!.dpId).toBe('MANTRA.MSIPL');
    expect(asked.filter((a) => a.startsWith('RDSERVICE http://'))).toHaveLength(21);
    expect(asked.some((a) => a.includes('https://'))).toBe(false);
    expect(asked).toContain('DEVICEINFO http://127.0.0.1:11107/rd/info');
  });

  it('falls back to https, and gives up with null when nothing answers', async () => {
    const https = await discoverRdService({
      fetcher: async (url) => {
        if (url === 'https://127.0.0.1:11100/') return new Response(rd('READY'));
        throw new TypeError('refused');
      },
    });
    expect(https).toMatchObject({ port: 11100, url: 'https://127.0.0.1:11100', device: null });
    let calls = 0;
    const none = await discoverRdService({
      fetcher: async () => {
        calls++;
        throw new TypeError('refused');
      },
    });
    expect(none).toBeNull();
    expect(calls).toBe(42);
  });
});

describe('the sandbox RD service, over real HTTP', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Port 0: the first free port of 11100-11120, as `npm run rd:sandbox` does.
    sandbox = (await startRdSandbox()) as Sandbox;
  });
  afterAll(() => sandbox.close());

  it('listens in the RD range and answers CORS preflight for the custom verbs', async () => {
    expect(sandbox.port).toBeGreaterThanOrEqual(11100);
    expect(sandbox.port).toBeLessThanOrEqual(11120);
    const res = await fetch(`${sandbox.url}/rd/capture`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'CAPTURE' },
    });
    expect(res.headers.get('access-control-allow-methods')).toContain('CAPTURE');
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('is discovered, reports its device, and captures with a synthetic PID block', async () => {
    sandbox.setMode('ready');
    const found = await discoverRdService({ ports: [sandbox.port] });
    expect(found).toMatchObject({
      port: sandbox.port,
      service: { status: 'READY' },
      device: { serial: 'SANDBOX0001', mi: 'SANDBOX-MSO1300E3' },
    });
    const raw = await (
      await fetch(`${sandbox.url}/rd/capture`, { method: 'CAPTURE', body: buildPidOptions() })
    ).text();
    expect(raw).toContain(`<Data type="X">${SANDBOX_PID_DATA}</Data>`);
    expect(await captureOnce(found!)).toMatchObject({ errCode: '0', qScore: 84, hasPid: true });
  });

  it('hands a PID block on for the AEPS call only when the capture succeeded', async () => {
    sandbox.setMode('ready');
    const found = await discoverRdService({ ports: [sandbox.port] });
    const read = await capturePid(found!);
    expect(read!.result).toMatchObject({ errCode: '0', qScore: 84 });
    expect(read!.pid).toContain(`<Data type="X">${SANDBOX_PID_DATA}</Data>`);
    // Each capture is a new PID block (a fresh session key), as a real device's: the AEPS API
    // refuses one it has seen.
    expect((await capturePid(found!))!.pid).not.toBe(read!.pid);
    sandbox.setMode('busy');
    expect(await capturePid(found!)).toMatchObject({ result: { errCode: '710' }, pid: null });
    sandbox.setMode('ready');
  });

  it.each([
    ['timeout', '700'],
    ['busy', '710'],
    ['notready', '720'],
    ['failed', '730'],
    ['reinit', '740'],
  ])('mode %s answers a capture with code %s', async (mode, code) => {
    const set = await fetch(`${sandbox.url}/sandbox/mode?set=${mode}`, { method: 'POST' });
    expect(set.status).toBe(200);
    const found = await discoverRdService({ ports: [sandbox.port] });
    expect(found!.service.status).toBe(mode === 'notready' ? 'NOTREADY' : 'READY');
    expect(await captureOnce(found!)).toMatchObject({ errCode: code, hasPid: false });
  });

  it('mode poor captures with a low score; an unknown mode is refused', async () => {
    sandbox.setMode('poor');
    const found = await discoverRdService({ ports: [sandbox.port] });
    const result = (await captureOnce(found!))!;
    expect(captureVerdict(result).ok).toBe(false);
    expect(result.qScore).toBeLessThan(60);
    const bad = await fetch(`${sandbox.url}/sandbox/mode?set=explode`, { method: 'POST' });
    expect(bad.status).toBe(400);
  });

  it('finds nothing, quickly, where nothing listens', async () => {
    const started = Date.now();
    // A port in the range this sandbox does not hold, closed at once after being taken.
    const other = (await startRdSandbox()) as Sandbox;
    await other.close();
    expect(await discoverRdService({ ports: [other.port] })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
