// The sandbox's own answer to OPTIONS: a CORS preflight (DESIGN §6: the sandbox is called from
// browsers), and any OPTIONS the document does not declare an operation for.

import type { IncomingHttpHeaders } from 'node:http';

const ALLOWED = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';

export function preflightHeaders(request: IncomingHttpHeaders): Record<string, string> {
  const asked = request['access-control-request-headers'];
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': ALLOWED,
    'access-control-allow-headers': typeof asked === 'string' ? asked : '*',
    'access-control-max-age': '86400',
  };
}

/** A browser's preflight carries the method it asks about; a client's own OPTIONS call does not. */
export function isPreflight(method: string | undefined, request: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && request['access-control-request-method'] !== undefined;
}
