import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long a connection may take over each part of a request. Node's defaults hold a connection that
 * trickles its headers or body for 300 s, so a few hundred slow clients (a slowloris) hold every socket.
 */
export interface ServerTimeouts {
  /** Headers arrive in one packet from any real client; 15 s covers a phone on a bad network. */
  headersTimeout: number;
  /** The whole request, body included: a 10 MB import over a 1 Mbit/s uplink takes about 80 s. */
  requestTimeout: number;
  /** An idle kept-alive connection is closed after this: browsers reuse theirs within seconds. */
  keepAliveTimeout: number;
  /** How often Node checks the two limits above; its default (30 s) would let a slow client overstay by that much. */
  connectionsCheckingInterval: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
};

export function createTimedServer(handler: RequestListener, timeouts: Partial<ServerTimeouts> = {}): Server {
  const { keepAliveTimeout, ...limits } = { ...SERVER_TIMEOUTS, ...timeouts };
  const server = createServer(limits, handler);
  server.keepAliveTimeout = keepAliveTimeout;
  return server;
}
