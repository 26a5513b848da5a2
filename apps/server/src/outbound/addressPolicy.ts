import { isIP } from 'node:net';
import { labMessages } from '@sandbox/contracts';
import ipaddr from 'ipaddr.js';
import { Invalid } from '../http/errors.js';

// DESIGN §7: the Lab must not become a way into the server's own network. Rather than list what is
// local (a list that always misses a form: ::7f00:1, ::ffff:0:7f00:1, 64:ff9b:1::/48), only
// globally routable unicast addresses are allowed, after DNS resolution; everything else is refused.

/** IANA's global unicast block; the rest of IPv6 is reserved, local, multicast or a translation. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** Public addresses that a cloud platform answers from inside every machine. */
const PLATFORM_ADDRESSES = new Set([
  '168.63.129.16', // Azure's wire server
]);

function isGlobalIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast' && !PLATFORM_ADDRESSES.has(address.toString());
}

function ipv4From(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

/**
 * The IPv4 address an IPv6 address would reach in the end, for the forms whose IPv4 sits at a fixed
 * place: IPv4-mapped, NAT64's well-known prefix and 6to4. Those are as good as that IPv4 address.
 * Other translations (64:ff9b:1::/48 for local use, RFC 6145's ::ffff:0:0:0/96, Teredo, the
 * deprecated IPv4-compatible ::/96) are not global unicast and are refused whatever they carry.
 */
function carriedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  if (address.match(NAT64_WELL_KNOWN)) return ipv4From(parts[6], parts[7]);
  if (address.range() === '6to4') return ipv4From(parts[1], parts[2]);
  return null;
}

/**
 * ipaddr.js reads `::1.2.3.4` as IPv4-mapped, where the operating system reads the deprecated
 * IPv4-compatible `::102:304`: a dotted tail is written in hexadecimal first, so both read the same.
 */
function parseAsTheSystemDoes(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const hexadecimal = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)(?=%|$)/, (_, ...octets: string[]) => {
    const [a, b, c, d] = octets.map(Number);
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  });
  return ipaddr.parse(isIP(address) === 6 ? hexadecimal : address);
}

/** True only for an address that is routable on the internet and belongs to nobody's local network. */
export function isGlobalAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = parseAsTheSystemDoes(address);
  if (parsed.kind() === 'ipv4') return isGlobalIpv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const inner = carriedIpv4(v6);
  if (inner) return isGlobalIpv4(inner);
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

export class ForbiddenAddress extends Invalid {
  constructor(host: string, address: string) {
    super(labMessages.privateAddress, host === address ? address : `${host} resolves to ${address}`);
  }
}
