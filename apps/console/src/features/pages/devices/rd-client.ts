/**
 * The browser's side of the UIDAI RD service protocol (issue 26): a certified scanner's RD
 * service listens on 127.0.0.1, a port in 11100-11120, and answers the custom HTTP verbs
 * RDSERVICE, DEVICEINFO and CAPTURE. Pure functions build and read the XML (no DOMParser, so
 * they run under Jest in Node too); a small fetch layer discovers the service and captures.
 * The PID block a capture returns is never logged or stored; only `capturePid` hands it on, to
 * the AEPS screen that sends it once with its transaction (issue 26).
 */

export const RD_FIRST_PORT = 11100;
export const RD_LAST_PORT = 11120;
export const RD_HOST = '127.0.0.1';

/** Attributes of the first `<tag ...>` in xml, or null when there is none. */
export function readAttributes(xml: string, tag: string): Record<string, string> | null {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(xml);
  if (!match) return null;
  const attrs: Record<string, string> = {};
  for (const m of match[1]!.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attrs[m[1]!] = unescapeXml(m[3] ?? m[4] ?? '');
  }
  return attrs;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export interface RdService {
  status: string;
  info: string;
  capturePath: string;
  infoPath: string;
}

/** An RDSERVICE answer, or null when the text is not one. */
export function parseRdService(xml: string): RdService | null {
  const root = readAttributes(xml, 'RDService');
  if (!root) return null;
  const paths: Record<string, string> = {};
  for (const m of xml.matchAll(/<Interface\b([^>]*)>/g)) {
    const attrs = readAttributes(`<I${m[1]}>`, 'I');
    if (attrs?.id && attrs.path) paths[attrs.id.toUpperCase()] = attrs.path;
  }
  return {
    status: (root.status ?? '').toUpperCase(),
    info: root.info ?? '',
    // Morpho services often name /capture and /info; default to the UIDAI paths otherwise.
    capturePath: paths.CAPTURE ?? '/rd/capture',
    infoPath: paths.DEVICEINFO ?? '/rd/info',
  };
}

export interface DeviceInfo {
  dpId: string;
  rdsId: string;
  rdsVer: string;
  mi: string;
  serial: string;
}

/** A DEVICEINFO answer (or the DeviceInfo inside a PidData), or null. */
export function parseDeviceInfo(xml: string): DeviceInfo | null {
  const attrs = readAttributes(xml, 'DeviceInfo');
  if (!attrs) return null;
  let serial = '';
  for (const m of xml.matchAll(/<Param\b([^>]*)>/g)) {
    const p = readAttributes(`<P${m[1]}>`, 'P');
    if (p?.name === 'srno') serial = p.value ?? '';
  }
  return {
    dpId: attrs.dpId ?? '',
    rdsId: attrs.rdsId ?? '',
    rdsVer: attrs.rdsVer ?? '',
    mi: attrs.mi ?? '',
    serial,
  };
}

/** What makeOf answers when neither names a maker: the screen words it (issue 30). */
export const UNKNOWN_MAKER = 'Unknown maker';
/** What makeOf answers for the development sandbox. */
export const SANDBOX_MAKER = 'Sandbox (not a real device)';

/** The maker a shopkeeper knows, from the device provider id (dpId) or the service's info. */
export function makeOf(dpId: string, info = ''): string {
  const text = `${dpId} ${info}`.toUpperCase();
  if (text.includes('SANDBOX')) return SANDBOX_MAKER;
  if (text.includes('MORPHO') || text.includes('IDEMIA')) return 'Morpho (IDEMIA)';
  if (text.includes('MANTRA')) return 'Mantra';
  if (text.includes('STARTEK')) return 'Startek';
  return dpId || UNKNOWN_MAKER;
}

export interface PidOptionsInput {
  fCount?: number;
  /** 0 FMR, 1 FIR, 2 FMR+FIR. */
  fType?: 0 | 1 | 2;
  timeoutMs?: number;
  pidVer?: string;
  /** Only for e-KYC; empty for authentication and device tests. */
  wadh?: string;
}

/** The PidOptions body of a CAPTURE: env "P" always (drivers misbehave otherwise), XML format. */
export function buildPidOptions(input: PidOptionsInput = {}): string {
  const fCount = input.fCount ?? 1;
  const fType = input.fType ?? 2;
  const timeout = input.timeoutMs ?? 10000;
  const pidVer = input.pidVer ?? '2.0';
  const wadh = input.wadh ? ` wadh="${escapeXml(input.wadh)}"` : '';
  return (
    `<?xml version="1.0"?><PidOptions ver="1.0"><Opts fCount="${fCount}" fType="${fType}"` +
    ` iCount="0" pCount="0" format="0" pidVer="${escapeXml(pidVer)}" timeout="${timeout}"` +
    ` posh="UNKNOWN" env="P"${wadh}/></PidOptions>`
  );
}

export interface CaptureResult {
  errCode: string;
  errInfo: string;
  qScore: number | null;
  nmPoints: number | null;
  /** Whether a PID block came back (its content is not kept). */
  hasPid: boolean;
}

/** The Resp of a CAPTURE answer, or null. The PID block itself is not copied out. */
export function parseCapture(xml: string): CaptureResult | null {
  const resp = readAttributes(xml, 'Resp');
  if (!resp) return null;
  const num = (v: string | undefined) => (v && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null);
  return {
    errCode: resp.errCode ?? '',
    errInfo: resp.errInfo ?? '',
    qScore: num(resp.qScore),
    nmPoints: num(resp.nmPoints),
    hasPid: /<Data\b/.test(xml),
  };
}

/** Below this quality score the capture is asked for again. */
export const MIN_QUALITY = 60;

/** Which verdict it is, so a screen can say it in the reader's language (issue 30). */
export type VerdictCode = '700' | '710' | '720' | '730' | '740' | 'other' | 'poorQuality' | 'clear';

export interface Verdict {
  ok: boolean;
  code: VerdictCode;
  /** The RD service's error code, for `other`. */
  errCode?: string;
  title: string;
  help: string;
}

const ERROR_MESSAGES: Record<string, Omit<Verdict, 'ok' | 'code'>> = {
  '700': {
    title: 'No finger was placed in time',
    help: 'Place the finger flat on the scanner as soon as you press Capture, then try again.',
  },
  '710': {
    title: 'The scanner is in use by another program',
    help: 'Close other programs or browser tabs that use the scanner (another AEPS portal, the vendor utility), then try again.',
  },
  '720': {
    title: 'The scanner is not ready',
    help: 'Check that the scanner is plugged in and its light is on. Unplug it, plug it into another USB port of the computer and try again.',
  },
  '730': {
    title: 'The fingerprint could not be captured',
    help: 'Wipe the sensor with a soft dry cloth and try again.',
  },
  '740': {
    title: 'The scanner needs restarting',
    help: 'Unplug the scanner, wait five seconds, plug it back in, and restart the RD service in Windows Services.',
  },
};

/** What a shopkeeper reads after a capture. */
export function captureVerdict(result: CaptureResult): Verdict {
  if (result.errCode !== '0') {
    const known = ERROR_MESSAGES[result.errCode];
    if (known) return { ok: false, code: result.errCode as VerdictCode, ...known };
    return {
      ok: false,
      code: 'other',
      errCode: result.errCode || 'unknown',
      title: 'The RD service reported a problem',
      help: `Restart the RD service and try again. If it keeps happening, call support and quote code ${result.errCode || 'unknown'}.`,
    };
  }
  if (result.qScore !== null && result.qScore < MIN_QUALITY) {
    return {
      ok: false,
      code: 'poorQuality',
      title: 'Place the finger again, it was not read clearly',
      help: 'Clean and dry the finger, wipe the sensor, and press the finger flat in the centre.',
    };
  }
  return {
    ok: true,
    code: 'clear',
    title: 'The fingerprint was read clearly',
    help: 'Your scanner and RD service are ready for AEPS.',
  };
}

export interface FoundDevice {
  url: string;
  port: number;
  service: RdService;
  device: DeviceInfo | null;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

async function send(
  fetcher: FetchLike,
  url: string,
  method: string,
  timeoutMs: number,
  body?: string,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetcher(url, {
      method,
      body,
      headers: body ? { 'Content-Type': 'text/xml' } : undefined,
      signal: controller.signal,
    });
    return await res.text();
  } finally {
    clearTimeout(timer);
  }
}

export interface DiscoverOptions {
  fetcher?: FetchLike;
  /** Only these ports (e.g. a support engineer's `?rdPort=`); default 11100-11120. */
  ports?: number[];
  perPortTimeoutMs?: number;
  host?: string;
}

/** The ports to scan: the whole range, or the one asked for when it lies in the range. */
export function portsToScan(asked?: string | null): number[] {
  const n = Number(asked);
  if (asked && Number.isInteger(n) && n >= RD_FIRST_PORT && n <= RD_LAST_PORT) return [n];
  const all: number[] = [];
  for (let p = RD_FIRST_PORT; p <= RD_LAST_PORT; p++) all.push(p);
  return all;
}

/**
 * The first RD service in port order: every port is asked at once over http (a closed port
 * refuses at once, a missing device answers fast), then over https. Null when none answers.
 */
export async function discoverRdService(
  options: DiscoverOptions = {},
): Promise<FoundDevice | null> {
  const fetcher = options.fetcher ?? ((url, init) => fetch(url, init));
  const ports = options.ports ?? portsToScan();
  const timeoutMs = options.perPortTimeoutMs ?? 2500;
  const host = options.host ?? RD_HOST;
  for (const scheme of ['http', 'https']) {
    const answers = await Promise.all(
      ports.map(async (port) => {
        const url = `${scheme}://${host}:${port}`;
        try {
          const service = parseRdService(await send(fetcher, `${url}/`, 'RDSERVICE', timeoutMs));
          return service ? { url, port, service } : null;
        } catch {
          return null;
        }
      }),
    );
    const found = answers.find((a) => a !== null);
    if (found) {
      const device = await send(
        fetcher,
        found.url + found.service.infoPath,
        'DEVICEINFO',
        timeoutMs,
      )
        .then(parseDeviceInfo)
        .catch(() => null);
      return { ...found, device };
    }
  }
  return null;
}

/** One CAPTURE; resolves to the Resp only (the PID block is dropped here). */
export async function captureOnce(
  found: Pick<FoundDevice, 'url' | 'service'>,
  input: PidOptionsInput = {},
  fetcher: FetchLike = (url, init) => fetch(url, init),
): Promise<CaptureResult | null> {
  return (await capturePid(found, input, fetcher))?.result ?? null;
}

/** A capture for an AEPS call: the Resp, and the PidData XML when the capture succeeded. */
export interface PidCapture {
  result: CaptureResult;
  /** The whole PidData XML, for one AEPS call only; null when the capture failed. */
  pid: string | null;
}

/**
 * One CAPTURE whose PID block is handed back (the AEPS screens send it with their call). It is
 * kept by the caller in memory for that one call and never logged or stored.
 */
export async function capturePid(
  found: Pick<FoundDevice, 'url' | 'service'>,
  input: PidOptionsInput = {},
  fetcher: FetchLike = (url, init) => fetch(url, init),
): Promise<PidCapture | null> {
  const timeoutMs = (input.timeoutMs ?? 10000) + 10000;
  const xml = await send(
    fetcher,
    found.url + found.service.capturePath,
    'CAPTURE',
    timeoutMs,
    buildPidOptions(input),
  );
  const result = parseCapture(xml);
  if (!result) return null;
  return { result, pid: result.errCode === '0' && result.hasPid ? xml : null };
}
