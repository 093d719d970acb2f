#!/usr/bin/env node
// A sandbox UIDAI RD service (issue 26): a small local server that speaks the RD service verbs
// (RDSERVICE, DEVICEINFO, CAPTURE) like a certified scanner's service does, for trying the
// device pages and for the browser tests. Its PID block is synthetic and says so: it is no
// fingerprint, carries no real key and is accepted by no real provider. Its session key is
// random for each capture, as a real device's is, so no two captures are the same PID block
// (Khata's AEPS API refuses a PID block it has seen: a capture is used once).
//
//   npm run rd:sandbox                     first free port in 11100-11120, mode "ready"
//   npm run rd:sandbox -- --port 11105 --mode poor
//   curl -X POST 'http://127.0.0.1:11100/sandbox/mode?set=busy'      change the behaviour
//
// Modes: ready, notready (RDSERVICE says NOTREADY, capture 720), timeout (capture 700),
// busy (capture 710), poor (capture succeeds with a low quality score), failed (capture 730),
// reinit (capture 740).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';

export const RD_PORTS = { first: 11100, last: 11120 };
export const SANDBOX_MODES = ['ready', 'notready', 'timeout', 'busy', 'poor', 'failed', 'reinit'];
export const SANDBOX_PID_DATA = 'SANDBOX-NOT-A-REAL-PID';

const DEVICE = {
  dpId: 'SANDBOX.KHATA',
  rdsId: 'SANDBOX.KHATA.RD.001',
  rdsVer: '2.0.0-sandbox',
  mi: 'SANDBOX-MSO1300E3',
  mc: 'SANDBOX-CERTIFICATE-NOT-REAL',
  dc: 'sandbox-device-code-0000',
  srno: 'SANDBOX0001',
};

const ERRORS = {
  notready: ['720', 'Device not ready'],
  timeout: ['700', 'Capture timed out'],
  busy: ['710', 'Device is being used by another application'],
  failed: ['730', 'Capture failed'],
  reinit: ['740', 'Device needs to be re-initialised'],
};

const STATUS_TEXT = { 200: 'OK', 204: 'No Content', 400: 'Bad Request', 404: 'Not Found' };

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'RDSERVICE, DEVICEINFO, CAPTURE, GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept',
  'Access-Control-Allow-Private-Network': 'true',
  'Access-Control-Max-Age': '600',
};

function attr(value) {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function deviceInfoXml() {
  const { srno, ...rest } = DEVICE;
  const attrs = Object.entries(rest)
    .map(([k, v]) => `${k}="${attr(v)}"`)
    .join(' ');
  return `<DeviceInfo ${attrs}><additional_info><Param name="srno" value="${srno}"/><Param name="sandbox" value="true"/></additional_info></DeviceInfo>`;
}

function rdServiceXml(mode) {
  const status = mode === 'notready' ? 'NOTREADY' : 'READY';
  return (
    `<RDService status="${status}" info="KHATA_SANDBOX_RDSERVICE (not a real device)">` +
    '<Interface id="CAPTURE" path="/rd/capture"/><Interface id="DEVICEINFO" path="/rd/info"/>' +
    '</RDService>'
  );
}

/** The Opts attributes of a PidOptions body (enough for the sandbox: no full XML parser). */
export function readPidOptions(body) {
  const opts = /<Opts\b([^>]*)>/.exec(body);
  if (!opts) return null;
  const out = {};
  for (const m of opts[1].matchAll(/(\w+)="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

function pidDataXml(mode, opts) {
  const fCount = opts?.fCount ?? '1';
  const fType = opts?.fType ?? '2';
  if (ERRORS[mode]) {
    const [code, info] = ERRORS[mode];
    return `<PidData><Resp errCode="${code}" errInfo="${info}" fCount="${attr(fCount)}" fType="${attr(fType)}" iCount="0" pCount="0"/></PidData>`;
  }
  const qScore = mode === 'poor' ? 32 : 84;
  return (
    `<PidData><Resp errCode="0" errInfo="Capture success (sandbox)" fCount="${attr(fCount)}" fType="${attr(fType)}" iCount="0" pCount="0" pType="" nmPoints="${mode === 'poor' ? 14 : 41}" qScore="${qScore}"/>` +
    deviceInfoXml() +
    `<Skey ci="SANDBOX">SANDBOX-${randomBytes(24).toString('base64')}</Skey>` +
    `<Hmac>SANDBOX-NO-HMAC</Hmac><Data type="X">${SANDBOX_PID_DATA}</Data></PidData>`
  );
}

/**
 * Starts a sandbox RD service. `port` 0 or absent: the first free port of 11100-11120.
 * Resolves to { port, url, setMode(mode), close() }.
 */
export async function startRdSandbox({ port, mode = 'ready', host = '127.0.0.1' } = {}) {
  if (!SANDBOX_MODES.includes(mode)) throw new Error(`Unknown mode ${mode}`);
  const state = { mode };
  // Node's HTTP parser knows only the standard methods and drops RDSERVICE, DEVICEINFO and
  // CAPTURE as bad requests, so the sandbox reads HTTP/1.1 itself: one request per connection.
  const handle = (method, target, body) => {
    const url = new URL(target || '/', 'http://sandbox');
    if (method === 'OPTIONS') return [204, ''];
    if (url.pathname === '/sandbox/mode' && method === 'POST') {
      const next = url.searchParams.get('set') ?? '';
      if (!SANDBOX_MODES.includes(next)) {
        return [400, `Unknown mode. One of: ${SANDBOX_MODES.join(', ')}\n`, 'text/plain'];
      }
      state.mode = next;
      return [200, `mode ${next}\n`, 'text/plain'];
    }
    if (method === 'RDSERVICE') return [200, rdServiceXml(state.mode)];
    if (method === 'DEVICEINFO' && url.pathname === '/rd/info') return [200, deviceInfoXml()];
    if (method === 'CAPTURE' && url.pathname === '/rd/capture') {
      const opts = readPidOptions(body);
      if (!opts)
        return [200, '<PidData><Resp errCode="770" errInfo="Invalid PidOptions"/></PidData>'];
      return [200, pidDataXml(state.mode, opts)];
    }
    return [404, 'Not an RD service verb or path\n', 'text/plain'];
  };
  const server = createServer((socket) => {
    let data = Buffer.alloc(0);
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length > 64 * 1024) return socket.destroy();
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end).toString('latin1').split('\r\n');
      const [method = '', target = '/'] = (head[0] ?? '').split(' ');
      const length = Number(
        head
          .find((h) => /^content-length:/i.test(h))
          ?.split(':')[1]
          ?.trim() ?? 0,
      );
      if (data.length < end + 4 + length) return;
      const body = data.subarray(end + 4, end + 4 + length).toString('utf8');
      socket.removeAllListeners('data');
      const [status, text, type = 'text/xml; charset=utf-8'] = handle(method, target, body);
      const payload = Buffer.from(text, 'utf8');
      const headers = {
        ...CORS,
        'Content-Type': type,
        'Content-Length': payload.length,
        Connection: 'close',
      };
      socket.end(
        Buffer.concat([
          Buffer.from(
            `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
              Object.entries(headers)
                .map(([k, v]) => `${k}: ${v}\r\n`)
                .join('') +
              '\r\n',
            'latin1',
          ),
          payload,
        ]),
      );
    });
  });

  const listen = (p) =>
    new Promise((resolve, reject) => {
      const onError = (err) => {
        server.off('listening', onListening);
        reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve(p);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, host);
    });

  let bound;
  if (port) {
    bound = await listen(port);
  } else {
    for (let p = RD_PORTS.first; p <= RD_PORTS.last && !bound; p++) {
      try {
        bound = await listen(p);
      } catch (err) {
        if (err.code !== 'EADDRINUSE') throw err;
      }
    }
    if (!bound) throw new Error('No free port in 11100-11120');
  }
  return {
    port: bound,
    url: `http://${host}:${bound}`,
    setMode(next) {
      if (!SANDBOX_MODES.includes(next)) throw new Error(`Unknown mode ${next}`);
      state.mode = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sandbox = await startRdSandbox({
    port: flag('port') ? Number(flag('port')) : undefined,
    mode: flag('mode') ?? 'ready',
  });
  console.log(
    `Sandbox RD service (not a real device) on ${sandbox.url}, mode ${flag('mode') ?? 'ready'}.\n` +
      `Change it: curl -X POST '${sandbox.url}/sandbox/mode?set=<${SANDBOX_MODES.join('|')}>'`,
  );
}
