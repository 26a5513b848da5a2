import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

/**
 * The address a sandbox request came from, read as Fastify reads `request.ip` for the app (the same
 * TRUST_PROXY): sandbox requests skip Fastify, and a client's own X-Forwarded-For must not choose it.
 */
export function clientAddressOf(trust: Config['trustProxy']): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? '';
  const trusts = trust === true ? () => true : typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (req) => proxyAddr(req, trusts);
}
