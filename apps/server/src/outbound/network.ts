import { labMessages } from '@sandbox/contracts';
import { Invalid } from '../http/errors.js';
import type { Resolve } from './guardedLookup.js';
import type { HopRequest } from './hop.js';

/** How the Lab and import by URL reach the network; tests replace the resolver and allow one address of their own. */
export interface OutboundNetwork {
  resolve?: Resolve;
  /** Tests only: lets a local test server stand in for a public one. Production adds nothing. */
  allowAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Only http and https leave the server. */
export function checkScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Invalid(labMessages.onlyHttp, url.protocol.replace(/:$/, ''));
}

/** The request a redirect asks for: 303, and 301/302 after a POST, become a GET without a body. */
export function nextRequest(previous: HopRequest, status: number, location: string): HopRequest {
  let url: URL;
  try {
    url = new URL(location, previous.url);
  } catch {
    throw new Invalid(labMessages.invalidUrl, location);
  }
  const headers = { ...previous.headers };
  // Like browsers: credentials never follow a redirect to another origin.
  if (url.origin !== previous.url.origin) {
    delete headers.authorization;
    delete headers.cookie;
  }
  const toGet = status === 303 || ((status === 301 || status === 302) && previous.method === 'POST');
  if (toGet) delete headers['content-type'];
  return {
    ...previous,
    url,
    headers,
    method: toGet ? 'GET' : previous.method,
    body: toGet ? undefined : previous.body,
  };
}
