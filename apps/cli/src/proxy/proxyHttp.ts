import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  answerRefusal,
  bodyNotForwarded,
  checkRequest,
  checkResponse,
  forwardedRequestHeaders,
  type Mock,
  maskedHeaders,
  maskedQuery,
  type PrismViolation,
  queryOf,
  type RequestCheck,
  refusalOf,
  returnedAnswerHeaders,
  type SandboxAnswer,
  type SandboxRequest,
  toWire,
  type UpstreamAnswer,
  upstreamNotImplemented,
  violationsHeader,
} from '@sandbox/engine';
import { type AnsweredCall, corsHeaders } from '../mock/answerHttp.js';
import { sendUpstream, UpstreamFailure, type UpstreamLimits } from './sendUpstream.js';

// The HTTP shell of the proxy, in Prism's proxy's order: the request checked against the document;
// with --errors, refused there when it breaks it; forwarded; the upstream's answer checked; sent back
// with what both sides broke in sl-violations (or, with --errors, a 500 listing the answer's errors).
// An upstream 501 is answered from the mock.

export interface ProxyOptions {
  upstream: URL;
  upstreamProxy?: URL;
  errors: boolean;
  validateRequest: boolean;
  cors: boolean;
  limits: UpstreamLimits;
  onCall?: (call: AnsweredCall) => void;
}

/** Not copied back, as Prism's forwarder does not: the answer is sent whole, its length counted again. */
const SET_ON_THE_WAY_BACK = ['content-encoding', 'content-length'];

class TooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) {
      reject(new TooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new TooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const problem = (status: number, title: string, detail: string): SandboxAnswer => ({
  status,
  body: { type: 'about:blank', title, status, detail },
});

/** The request's headers as the upstream gets them, asking for an answer it need not decode. */
const forwardedHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => ({
  ...forwardedRequestHeaders(headers),
  'accept-encoding': 'identity',
});

/** The upstream's URL for a request: its path with the request's path and query after it. */
function upstreamUrl(upstream: URL, path: string, search: string): URL {
  const url = new URL(upstream.href);
  url.pathname = `${upstream.pathname.replace(/\/+$/, '')}${path}`;
  url.search = search;
  return url;
}

export function createProxyHandler(current: () => Mock, options: ProxyOptions) {
  return async function proxyHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const at = new Date();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const cors = options.cors ? corsHeaders(req.headers) : {};
    let forwarded: AnsweredCall['forwarded'];
    let violations: RequestCheck['violations'] = [];

    const send = (status: number, headers: OutgoingHttpHeaders, body: string | Buffer | undefined) => {
      res.writeHead(status, { ...cors, ...headers });
      res.end(method === 'HEAD' ? undefined : body);
      options.onCall?.({
        at,
        method,
        url,
        status,
        durationMs: performance.now() - started,
        violations: violations.map(({ location, severity, code, bare }) => ({
          location,
          severity,
          code,
          message: bare,
        })),
        forwarded,
      });
    };
    const answerWith = (answer: SandboxAnswer) => {
      const { status, headers, text } = toWire(answer);
      delete headers['access-control-allow-origin'];
      delete headers['access-control-expose-headers'];
      send(status, headers, text);
    };

    // a browser's preflight is answered before any route is looked for, as Prism's server does
    if (
      options.cors &&
      method === 'OPTIONS' &&
      req.headers.origin &&
      req.headers['access-control-request-method']
    ) {
      const allow = String(req.headers['access-control-request-method']);
      send(204, { 'access-control-allow-methods': allow, vary: 'origin', 'content-length': '0' }, undefined);
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, options.limits.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      answerWith(
        problem(
          413,
          'Content Too Large',
          `A request body is forwarded up to ${options.limits.maxBodyBytes} bytes`,
        ),
      );
      req.resume();
      return;
    }
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark + 1);
    const mock = current();
    const { api } = mock;
    const request: SandboxRequest = {
      method,
      key: api.key,
      path,
      query: queryOf(search),
      headers: req.headers,
      rawBody: body.length === 0 ? undefined : body.toString('utf8'),
    };
    const check = await checkRequest(api, request);
    // without --validate-request Prism still checks the security requirement
    violations = options.validateRequest
      ? check.violations
      : check.violations.filter((v) => v.code === 401 || check.operation === undefined);
    if (options.errors) {
      const refused = refusalOf({ ...check, violations }, request);
      if (refused) return answerWith(refused);
    }
    if ((method === 'GET' || method === 'HEAD') && body.length > 0) return answerWith(bodyNotForwarded());

    const target = upstreamUrl(options.upstream, path, search);
    const headers = forwardedHeaders(req.headers);
    forwarded = {
      url: upstreamUrl(options.upstream, path, maskedQuery(search, api.credentialNames.query)).href,
      headers: maskedHeaders(
        headers as Record<string, string | string[] | number | undefined>,
        api.credentialNames.headers,
      ),
    };
    let answer: UpstreamAnswer;
    try {
      answer = await sendUpstream(
        { method, url: target, headers, body: body.length > 0 ? body : undefined },
        options.upstreamProxy,
        options.limits,
      );
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error;
      const title = error.status === 504 ? 'Gateway Timeout' : 'Bad Gateway';
      return answerWith(problem(error.status, title, `${method} ${forwarded.url}: ${error.message}`));
    }
    if (answer.status === 501) {
      if (!check.operation) return answerWith(upstreamNotImplemented());
      // Prism answers from the document what the upstream does not implement
      const mocked = await mock.answer({ method, path: url, headers: req.headers, body: request.rawBody });
      // what the mock's answer breaks is in its own sl-violations, as Prism's mocked answers say it
      const listed = mocked.headers['sl-violations'];
      violations = listed?.startsWith('[')
        ? (JSON.parse(listed) as Omit<PrismViolation, 'bare'>[]).map((v) => ({ ...v, bare: v.message }))
        : [];
      const {
        'access-control-allow-origin': _,
        'access-control-expose-headers': __,
        ...own
      } = mocked.headers;
      return send(mocked.status, own, mocked.body);
    }
    if (check.operation) violations = [...violations, ...checkResponse(api, request, answer)];
    if (options.errors) {
      const refused = answerRefusal(violations);
      if (refused) {
        refused.headers = violationsHeader(violations);
        return answerWith(refused);
      }
    }
    const back: OutgoingHttpHeaders = {};
    Object.assign(back, returnedAnswerHeaders(answer.headers, SET_ON_THE_WAY_BACK));
    if (check.operation?.deprecated && back.deprecation === undefined) back.deprecation = 'true';
    Object.assign(back, violationsHeader(violations));
    if (answer.status !== 204 && answer.status !== 304) back['content-length'] = String(answer.body.length);
    send(answer.status, back, answer.body);
  };
}
