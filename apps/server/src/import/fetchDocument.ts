// Import by URL: the server fetches the document through API Lab's outbound path (DESIGN §7), so an
// import URL cannot reach the server's own network either: only public addresses, checked where the
// socket connects and again on every redirect, within the Lab's time limit. The size limit is the
// import's own (MAX_IMPORT_BYTES, 10 MB), the same as an uploaded file's: larger than the Lab's 2 MB,
// as real documents reach several megabytes.
import { isIP } from 'node:net';
import { LAB_MAX_REDIRECTS, LAB_TIMEOUT_MS, MAX_IMPORT_BYTES } from '@sandbox/contracts';
import { ImportError } from '@sandbox/engine/import/ImportError';
import { AppError, Invalid } from '../http/errors.js';
import { ForbiddenAddress } from '../outbound/addressPolicy.js';
import { fetchOverNetwork } from '../outbound/fetchOverNetwork.js';
import { allowedBy, guardedLookup, resolveWithDns } from '../outbound/guardedLookup.js';
import type { HopAnswer, HopRequest } from '../outbound/hop.js';
import { checkScheme, nextRequest, type OutboundNetwork, REDIRECTS } from '../outbound/network.js';

export const urlImportMessages = {
  invalidUrl: 'The URL is not a valid http or https address',
  privateAddress: 'The URL points to a private or local address, which imports cannot reach',
  unreachable: 'The URL could not be reached',
  timedOut: `The URL did not answer within ${LAB_TIMEOUT_MS / 1000} s`,
  tooLarge: 'The document at the URL is too large',
  notFound: 'The URL did not answer with a document',
  tooManyRedirects: `The URL was redirected more than ${LAB_MAX_REDIRECTS} times`,
} as const;

/** A fetched document as the import worker takes it: its bytes and a name that says JSON or YAML. */
export interface FetchedDocument {
  name: string;
  pieces: Buffer[];
}

export type FetchDocument = (address: string) => Promise<FetchedDocument>;

class UrlImportFailure extends AppError {}

const ACCEPT = 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5';

function urlOf(address: string): URL {
  try {
    const url = new URL(address.trim());
    checkScheme(url);
    return url;
  } catch {
    throw new Invalid(urlImportMessages.invalidUrl, address);
  }
}

/**
 * The name the worker reads the document by. A URL's path often has no extension (`/openapi`) or a
 * misleading one, so the declared content type comes first, then the path's extension; with neither,
 * the worker tells JSON from YAML by the first character.
 */
export function documentName(url: URL, contentType: string | undefined): string {
  const last = decodeURIComponent(url.pathname.split('/').at(-1) ?? '') || url.hostname;
  const stem = last.replace(/\.(json|ya?ml)$/i, '');
  const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === 'application/json' || essence.endsWith('+json')) return `${stem}.json`;
  if (essence.endsWith('/yaml') || essence.endsWith('/x-yaml') || essence.endsWith('+yaml'))
    return `${stem}.yaml`;
  return last;
}

function header(answer: HopAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);
}

/** `network` is API Lab's: tests give the same fake resolver and allowed test address to both. */
export function createDocumentFetcher(network: OutboundNetwork = {}): FetchDocument {
  const timeoutMs = network.timeoutMs ?? LAB_TIMEOUT_MS;
  const isAllowed = allowedBy(network.allowAddress);
  const lookup = guardedLookup(network.resolve ?? resolveWithDns, isAllowed);

  function hop(request: HopRequest): Promise<HopAnswer> {
    checkScheme(request.url);
    // A literal address is connected to without any lookup, so it is checked here.
    const host = request.url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowed(host)) throw new ForbiddenAddress(host, host);
    return fetchOverNetwork(request, lookup, MAX_IMPORT_BYTES);
  }

  async function follow(first: HopRequest): Promise<{ answer: HopAnswer; url: URL }> {
    let request = first;
    for (let redirects = 0; ; redirects++) {
      const answer = await hop(request);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || typeof location !== 'string') return { answer, url: request.url };
      if (redirects === LAB_MAX_REDIRECTS) throw new ImportError(urlImportMessages.tooManyRedirects);
      request = nextRequest(request, answer.status, location);
    }
  }

  return async (address) => {
    const url = urlOf(address);
    const signal = AbortSignal.timeout(timeoutMs);
    let fetched: { answer: HopAnswer; url: URL };
    try {
      fetched = await follow({ method: 'GET', url, headers: { accept: ACCEPT }, body: undefined, signal });
    } catch (error) {
      if (error instanceof ForbiddenAddress) {
        throw new ImportError(urlImportMessages.privateAddress, error.detail);
      }
      if (error instanceof AppError) throw error;
      if (signal.aborted) throw new UrlImportFailure(504, urlImportMessages.timedOut, url.host);
      const code = (error as NodeJS.ErrnoException).code;
      throw new UrlImportFailure(
        502,
        urlImportMessages.unreachable,
        code ? `${code} ${url.host}` : (error as Error).message,
      );
    }
    const { answer } = fetched;
    if (answer.status < 200 || answer.status > 299) {
      throw new ImportError(urlImportMessages.notFound, `${fetched.url.href} answered ${answer.status}`);
    }
    if (answer.truncated) {
      throw new UrlImportFailure(
        413,
        urlImportMessages.tooLarge,
        `the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
      );
    }
    return { name: documentName(fetched.url, header(answer, 'content-type')), pieces: [answer.body] };
  };
}
