import type { HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config/config.js';

/**
 * The security headers of every answer (helmet). The nginx console profile sends the same ones
 * for the console's files (apps/console/nginx-security-headers.conf; tests/unit/nginx-headers
 * checks that the two agree).
 */
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
