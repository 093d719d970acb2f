import { cookieExpiry } from '@khata/domain';

/**
 * The site's cookies (spec §1): set on the shared parent domain so every portal on it sees
 * them, except on localhost and IP addresses, where a browser only keeps host-only cookies.
 * The session token is the exception (issue 31): host-only everywhere (`hostOnly`).
 *
 * The parent domain is page configuration, not build configuration: the server that serves
 * index.html may add `<meta name="khata-cookie-domain" content="khata.in">`. Without it (or
 * when the page is not on that domain, where the browser would drop the cookie) cookies are
 * host-only.
 */
const COOKIE_DOMAIN_META = 'meta[name="khata-cookie-domain"]';
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

export function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** The configured parent domain, when this page may use it; undefined means host-only. */
export function cookieDomain(): string | undefined {
  const hostname = window.location.hostname.toLowerCase();
  if (isLocalHost(hostname)) return undefined;
  const meta = document.querySelector<HTMLMetaElement>(COOKIE_DOMAIN_META);
  const configured = meta?.content.trim().toLowerCase().replace(/^\./, '');
  if (!configured) return undefined;
  return hostname === configured || hostname.endsWith(`.${configured}`) ? configured : undefined;
}

export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split('; ')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator) === name) {
      return decodeURIComponent(pair.slice(separator + 1));
    }
  }
  return undefined;
}

/**
 * Sets a cookie that lives until the end of the current day (spec §9) unless days are given,
 * on the parent domain (spec §1) unless `hostOnly`: issue 31 keeps the session token on this
 * host only, out of reach of every other site on the parent domain.
 */
export function writeCookie(
  name: string,
  value: string,
  { days, hostOnly = false }: { days?: number; hostOnly?: boolean } = {},
): void {
  const attributes = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Expires=${cookieExpiry(new Date(), days).toUTCString()}`,
    'SameSite=Lax',
  ];
  const domain = hostOnly ? undefined : cookieDomain();
  if (domain) attributes.push(`Domain=${domain}`);
  if (window.location.protocol === 'https:') attributes.push('Secure');
  document.cookie = attributes.join('; ');
}

export function removeCookie(name: string): void {
  for (const domain of [undefined, cookieDomain()]) expire(name, '/', domain);
}

/**
 * Forced logout (spec §4) clears every cookie of the site. A script sees only names, not
 * where a cookie was set, so each name is expired on the host, on every parent domain and
 * on every path above this page. HttpOnly cookies are out of a script's reach; the site
 * sets none.
 */
export function clearAllCookies(): void {
  const names = document.cookie
    .split('; ')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean);
  const domains = [undefined, ...parentDomains(window.location.hostname)];
  const paths = pathsAbove(window.location.pathname);
  for (const name of new Set(names)) {
    for (const domain of domains) for (const path of paths) expire(name, path, domain);
  }
}

function expire(name: string, path: string, domain: string | undefined): void {
  document.cookie = `${name}=; Path=${path}; Expires=${EXPIRED}${domain ? `; Domain=${domain}` : ''}`;
}

/** a.b.khata.in → a.b.khata.in, b.khata.in, khata.in (a lone TLD never holds cookies). */
function parentDomains(hostname: string): string[] {
  if (isLocalHost(hostname)) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_label, index) => labels.slice(index).join('.'));
}

/** /admin/myAccount/3 → /, /admin, /admin/myAccount, /admin/myAccount/3. */
function pathsAbove(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return ['/', ...segments.map((_segment, index) => `/${segments.slice(0, index + 1).join('/')}`)];
}
