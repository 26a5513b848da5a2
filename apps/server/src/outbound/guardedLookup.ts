import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ForbiddenAddress, isGlobalAddress } from './addressPolicy.js';

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithDns: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The `lookup` of every outgoing Lab connection: the socket connects to the address checked here and
 * to no other, so a name that resolves differently a second time (DNS rebinding) gains nothing.
 * A name with any address that is not global is refused as a whole.
 */
export function guardedLookup(resolve: Resolve, isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        const refused = addresses.find((a) => !isAllowed(a.address));
        if (refused) return callback(new ForbiddenAddress(hostname, refused.address), '', 0);
        if (wanted.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = 'ENOTFOUND';
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** Production allows every address the policy allows; tests may add one of their own servers. */
export const allowedBy =
  (extra?: (address: string) => boolean) =>
  (address: string): boolean =>
    isGlobalAddress(address) || Boolean(extra?.(address));
