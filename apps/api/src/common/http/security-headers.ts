import type { HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config/config.js';

/**
 * The security headers of every answer (helmet). The nginx console profile sends the same ones
 * for the console's files (apps/console/nginx-security-headers.conf; tests/unit/nginx-headers
 * checks that the two agree).
 */

/**
 * The headers that govern a document, and only a document: a browser applies a CSP, a frame,
 * opener or agent-cluster policy from the answer that loads a page (or a worker, and the console
 * starts none), never from a script's or a stylesheet's. Issue 30: the console's hashed assets
 * are sent without them (serve-console.ts, nginx-asset-headers.conf). The CSP alone is 1.2 kB,
 * and it was sent with each of the eight files of a first load, against a 150 kB budget. An
 * asset keeps nosniff, its resource policy, the referrer policy (a stylesheet's own requests
 * follow it) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/**
 * Where the console may fetch from besides itself: a fingerprint scanner's UIDAI RD service on
 * this computer, ports 11100-11120 over http and https (issue 26). CSP has no port ranges and
 * `127.0.0.1:*` would open every local port, so each port is listed; `localhost` is left out
 * (the console only ever asks 127.0.0.1).
 */
export const RD_SERVICE_SOURCES: readonly string[] = ['http', 'https'].flatMap((scheme) =>
  Array.from({ length: 21 }, (_, i) => `${scheme}://127.0.0.1:${11100 + i}`),
);

export function securityHeaderOptions({ env }: Pick<AppConfig, 'env'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        // TLS is terminated in front of the portal; upgrading here would break plain-http hosts.
        upgradeInsecureRequests: null,
        connectSrc: ["'self'", ...RD_SERVICE_SOURCES],
        // Profile pictures and map tiles may be data: or blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
      },
    },
    strictTransportSecurity: env === 'production',
  };
}
