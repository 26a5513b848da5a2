import { BlockList, isIP } from 'node:net';
import { labMessages } from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';

// DESIGN §7: the Lab must not become a way into the server's own network. Every address it would
// connect to is checked against these ranges, after DNS resolution.
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba Cloud's metadata at 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
forbidden.addAddress('168.63.129.16', 'ipv4'); // Azure's platform metadata endpoint
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local, with AWS's metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/** NAT64 and 6to4 addresses carry an IPv4 address that would be reached in the end. */
function embeddedIpv4(address: string): string | null {
  const nat64 = /^64:ff9b::(?:([\d.]+)|([\da-f]{1,4}):([\da-f]{1,4}))$/i.exec(address);
  if (nat64) return nat64[1] ?? hexToIpv4(nat64[2], nat64[3]);
  const sixToFour = /^2002:([\da-f]{1,4}):([\da-f]{1,4})(:|$)/i.exec(address);
  return sixToFour ? hexToIpv4(sixToFour[1], sixToFour[2]) : null;
}

function hexToIpv4(high: string, low: string): string {
  const [h, l] = [Number.parseInt(high, 16), Number.parseInt(low, 16)];
  return [h >> 8, h & 255, l >> 8, l & 255].join('.');
}

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and metadata addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return forbidden.check(address, 'ipv4');
  // IPv4-mapped addresses (::ffff:127.0.0.1) are matched against the IPv4 rules by BlockList itself.
  if (forbidden.check(address, 'ipv6')) return true;
  const inner = embeddedIpv4(address);
  return inner !== null && forbidden.check(inner, 'ipv4');
}

export class ForbiddenAddress extends Invalid {
  constructor(host: string, address: string) {
    super(labMessages.privateAddress, host === address ? address : `${host} resolves to ${address}`);
  }
}
