import { describe, expect, it } from 'vitest';
import { isGlobalAddress } from './addressPolicy.js';

const refused: [string, string][] = [
  ['127.0.0.1', 'IPv4 loopback'],
  ['127.1.2.3', 'IPv4 loopback, anywhere in 127/8'],
  ['0.0.0.0', '"this network"'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.100.100.200', 'Alibaba Cloud metadata, in carrier-grade NAT'],
  ['169.254.169.254', 'link-local, with the cloud metadata service'],
  ['168.63.129.16', "Azure's wire server"],
  ['192.0.0.192', 'IETF protocol assignments (Oracle Cloud metadata)'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'IPv6 loopback'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
  ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it carries'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, in hexadecimal'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:0:7f00:1', 'RFC 6145 translated loopback'],
  ['::ffff:0:808:808', 'RFC 6145 translated, whatever it carries'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
  ['64:ff9b:1::7f00:1', 'local-use NAT64 prefix'],
  ['64:ff9b:1:ffff::808:808', 'local-use NAT64 prefix, whatever it carries'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of a private address'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['100::1', 'discard'],
  ['fc00::1', 'unique-local'],
  ['fd00:ec2::254', 'unique-local, with AWS metadata'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'deprecated site-local'],
  ['ff02::1', 'multicast'],
  ['4000::1', 'outside the global unicast block'],
  ['5f00::1', 'segment routing'],
  ['localhost', 'a name, not an address'],
  ['2130706433', 'a number, not an address'],
  ['0x7f.1', 'a shorthand, not an address'],
];

const allowed: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.215.14', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:82a::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of a public address, as DNS64 answers on an IPv6-only network'],
  ['64:ff9b::8.8.8.8', 'NAT64 of a public address, dotted'],
  ['2002:808:808::1', '6to4 of a public address'],
];

describe('the Lab address policy', () => {
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isGlobalAddress(address)).toBe(false);
  });

  it.each(allowed)('allows %s (%s)', (address) => {
    expect(isGlobalAddress(address)).toBe(true);
  });
});
