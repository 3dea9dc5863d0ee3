import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses that are not on the public internet: this host, private networks, link-local, carrier NAT, and their
 * IPv6 forms. A push endpoint is an address a browser handed us (decision 1365): the server must not be steered by
 * one into the clinic's own network.
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

export const isPublicAddress = (address: string) => {
  const family = isIP(address);
  return family !== 0 && !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for an HTTPS agent that answers only public addresses; a name that resolves to another is refused
 * before any connection is made.
 */
export function publicAddressLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const found = addresses as LookupAddress[];
    if (found.length === 0 || !found.every((a) => isPublicAddress(a.address))) {
      return callback(Object.assign(new Error('Not a public address'), { code: 'ENOTPUBLIC' }), '');
    }
    if (options.all) return callback(null, found);
    return callback(null, found[0]!.address, found[0]!.family);
  });
}
