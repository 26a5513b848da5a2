import { STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  LAB_MAX_BODY_BYTES,
  LAB_MAX_REDIRECTS,
  LAB_TIMEOUT_MS,
  LAB_USER_AGENT,
  type LabResponse,
  type LabSendInput,
  labBodyContentType,
  labMessages,
  labSendsBody,
} from '@sandbox/contracts';
import type { ApisService } from '../apis/service.js';
import type { User } from '../auth/service.js';
import { AppError, Invalid } from '../http/errors.js';
import { ForbiddenAddress } from '../outbound/addressPolicy.js';
import { fetchOverNetwork } from '../outbound/fetchOverNetwork.js';
import { allowedBy, guardedLookup, resolveWithDns } from '../outbound/guardedLookup.js';
import type { HopAnswer, HopRequest } from '../outbound/hop.js';
import { checkScheme, nextRequest, type OutboundNetwork, REDIRECTS } from '../outbound/network.js';
import { answerBody } from './answerBody.js';
import { type InjectRequest, ownSandbox } from './ownSandbox.js';

interface LabDeps {
  /** The addresses this server's sandboxes answer under: PUBLIC_URL, and SANDBOX_URL when set. */
  ownOrigins: string[];
  inject: InjectRequest;
  apis: Pick<ApisService, 'apiOf'>;
  network?: OutboundNetwork;
}

class LabFailure extends AppError {}

// Set by the client for each connection, or meaningless once the request leaves the browser.
const DROPPED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'accept-encoding',
  'proxy-authorization',
  'proxy-connection',
]);

function targetUrl(input: LabSendInput): URL {
  let url: URL;
  try {
    url = new URL(input.requestUrl);
  } catch {
    throw new Invalid(labMessages.invalidUrl, input.requestUrl);
  }
  for (const { key, value } of input.requestParams) url.searchParams.append(key, value);
  return url;
}

function headersOf(input: LabSendInput, body: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, value } of input.headers) {
    const name = key.toLowerCase();
    if (!DROPPED_HEADERS.has(name))
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  if (body !== undefined && headers['content-type'] === undefined) {
    headers['content-type'] = labBodyContentType(body);
  }
  headers['user-agent'] ??= LAB_USER_AGENT;
  return headers;
}

function flatHeaders(headers: HopAnswer['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** spec §7 API Lab send (DESIGN §7): any http(s) address outside the server's networks, or its own sandbox. */
export function createLabService({ ownOrigins, inject, apis, network = {} }: LabDeps) {
  const timeoutMs = network.timeoutMs ?? LAB_TIMEOUT_MS;
  const maxBodyBytes = network.maxBodyBytes ?? LAB_MAX_BODY_BYTES;
  const isAllowed = allowedBy(network.allowAddress);
  const lookup = guardedLookup(network.resolve ?? resolveWithDns, isAllowed);
  const sandbox = ownSandbox(ownOrigins, inject);

  async function hop(request: HopRequest): Promise<HopAnswer> {
    const local = sandbox.pathOf(request.url);
    if (local !== null) return sandbox.send(request, local, maxBodyBytes);
    checkScheme(request.url);
    // A literal address is connected to without any lookup, so it is checked here.
    const host = request.url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAllowed(host)) throw new ForbiddenAddress(host, host);
    return fetchOverNetwork(request, lookup, maxBodyBytes);
  }

  async function follow(first: HopRequest): Promise<{ answer: HopAnswer; url: URL; redirects: number }> {
    let request = first;
    for (let redirects = 0; ; redirects++) {
      const answer = await hop(request);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || typeof location !== 'string')
        return { answer, url: request.url, redirects };
      if (redirects === LAB_MAX_REDIRECTS) throw new Invalid(labMessages.tooManyRedirects);
      request = nextRequest(request, answer.status, location);
    }
  }

  return {
    async send(user: User, input: LabSendInput): Promise<LabResponse> {
      if (input.apiMasterId) await apis.apiOf(user, input.apiMasterId);
      const body = !labSendsBody(input.requestMethod) || !input.requestBody ? undefined : input.requestBody;
      const url = targetUrl(input);
      const started = performance.now();
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const {
          answer,
          url: finalUrl,
          redirects,
        } = await follow({
          method: input.requestMethod,
          url,
          headers: headersOf(input, body),
          body,
          signal,
        });
        const headers = flatHeaders(answer.headers);
        return {
          status: answer.status,
          statusText: STATUS_CODES[answer.status] ?? '',
          headers,
          ...answerBody(answer.body, headers['content-type'], answer.truncated),
          timeMs: Math.round(performance.now() - started),
          sizeBytes: answer.sizeBytes,
          truncated: answer.truncated,
          ...(answer.truncated ? { note: labMessages.truncated } : {}),
          url: finalUrl.toString(),
          redirects,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (signal.aborted) throw new LabFailure(504, labMessages.timedOut, url.host);
        const code = (error as NodeJS.ErrnoException).code;
        throw new LabFailure(
          502,
          labMessages.unreachable,
          code ? `${code} ${url.host}` : (error as Error).message,
        );
      }
    },
  };
}

export type LabService = ReturnType<typeof createLabService>;
