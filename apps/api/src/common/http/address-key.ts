import ipaddr from 'ipaddr.js';

/** How many leading bits of an IPv6 address name one client: a /64 is one subscriber's LAN. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The key a per-address limit counts a request under. An IPv4 client is its address; an IPv6
 * client is its /64, since one subscriber is routinely handed a whole /64 and could otherwise
 * take a fresh address (and a fresh count) for every request; an IPv4-mapped IPv6 address
 * (`::ffff:198.51.100.7`, how a dual-stack socket reports an IPv4 peer) is its IPv4 address.
 */
export function addressKey(ip: string | null): string {
  if (ip === null || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  const prefix = address.parts.slice(0, IPV6_CLIENT_PREFIX / 16);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/${IPV6_CLIENT_PREFIX}`;
}
