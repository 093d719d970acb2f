import type { HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config/config.js';

/**
 * The security headers of every answer (helmet). The nginx console profile sends the same ones
 * for the console's files (apps/console/nginx-security-headers.conf; tests/unit/nginx-headers
 * checks that the two agree).
 */
export function securityHeaderOptions({ env }: Pick<AppConfig, 'env'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        // TLS is terminated in front of the portal; upgrading here would break plain-http hosts.
        upgradeInsecureRequests: null,
        // Profile pictures and map tiles may be data: or blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
      },
    },
    strictTransportSecurity: env === 'production',
  };
}
