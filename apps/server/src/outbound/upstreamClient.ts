import { isIP } from 'node:net';
import { UPSTREAM_MAX_BODY_BYTES, UPSTREAM_TIMEOUT_MS, upstreamMessages } from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';
import { ForbiddenAddress } from './addressPolicy.js';
import { fetchOverNetwork } from './fetchOverNetwork.js';
import { allowedBy, guardedLookup, resolveWithDns } from './guardedLookup.js';
import type { HopAnswer, HopRequest } from './hop.js';
import type { OutboundNetwork } from './network.js';

/** How the hosted proxy fails to get an answer: the sandbox answers each with a problem of its own. */
export class UpstreamFailure extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'timed-out' | 'too-large',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * How the hosted proxy reaches an API's Upstream URL: by API Lab's rules (public addresses, and those
 * OUTBOUND_ALLOW adds, checked where the socket connects), within its time limit and its bound on an
 * answer's size. Redirects are not followed: the upstream's 3xx is the answer its caller gets.
 */
export function createUpstreamClient(network: OutboundNetwork = {}) {
  const timeoutMs = network.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const maxBodyBytes = network.maxBodyBytes ?? UPSTREAM_MAX_BODY_BYTES;
  const isAllowed = allowedBy(network.allowAddress);
  const resolve = network.resolve ?? resolveWithDns;
  const lookup = guardedLookup(resolve, isAllowed);
  const literal = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

  return {
    /**
     * At save time: an http(s) address whose host is, or resolves only to, addresses the server may
     * reach. A name that does not resolve now is accepted: each call checks again where it connects.
     */
    async check(url: URL): Promise<void> {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Invalid(upstreamMessages.invalidUrl);
      const host = literal(url);
      if (isIP(host)) {
        if (!isAllowed(host)) throw new Invalid(upstreamMessages.privateAddress, host);
        return;
      }
      const addresses = await resolve(host).catch(() => []);
      const refused = addresses.find((a) => !isAllowed(a.address));
      if (refused)
        throw new Invalid(upstreamMessages.privateAddress, `${host} resolves to ${refused.address}`);
    },

    /** One call to the upstream; the answer's body is read up to the bound, and `truncated` says when cut. */
    async send(request: Omit<HopRequest, 'signal'>): Promise<HopAnswer> {
      const host = literal(request.url);
      if (isIP(host) && !isAllowed(host)) throw new UpstreamFailure('refused', host);
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        return await fetchOverNetwork({ ...request, signal }, lookup, maxBodyBytes);
      } catch (error) {
        if (error instanceof ForbiddenAddress) throw new UpstreamFailure('refused', String(error.detail));
        if (signal.aborted) throw new UpstreamFailure('timed-out', request.url.host);
        const code = (error as NodeJS.ErrnoException).code;
        throw new UpstreamFailure(
          'unreachable',
          code ? `${code} ${request.url.host}` : (error as Error).message,
        );
      }
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;
