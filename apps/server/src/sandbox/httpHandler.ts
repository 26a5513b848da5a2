import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { problem } from './problem.js';
import type { SandboxAnswer } from './respond.js';
import type { SandboxRuntime } from './runtime.js';

export const SANDBOX_PREFIX = '/sandbox/';
const BODY_LIMIT = 1024 * 1024;
const ALLOWED = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function queryOf(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (!search) return query;
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}

function write(res: ServerResponse, method: string | undefined, answer: SandboxAnswer): void {
  const headers: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': '*',
    ...answer.headers,
  };
  if ((answer.body === undefined && answer.json === undefined) || answer.status === 204) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  const text = answer.json ?? JSON.stringify(answer.body);
  const isProblem =
    answer.status >= 400 && typeof answer.body === 'object' && answer.body !== null && 'title' in answer.body;
  headers['content-type'] = isProblem
    ? 'application/problem+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(text));
  res.writeHead(answer.status, headers).end(method === 'HEAD' ? undefined : text);
}

/**
 * `/sandbox/<key>/...` on plain node:http: the sandbox is the hot path, so its requests skip the
 * control plane's routing, hooks and logging. Open CORS, preflights answered (DESIGN §6).
 * `body` is given when a framework already read it (Fastify's inject in tests and the Lab).
 */
export function createSandboxHttpHandler(runtime: SandboxRuntime, log: FastifyBaseLogger) {
  return async function handleSandbox(
    req: IncomingMessage,
    res: ServerResponse,
    body?: string,
  ): Promise<void> {
    try {
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': ALLOWED,
            'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
            'access-control-max-age': '86400',
          })
          .end();
        return;
      }
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const rest = (mark < 0 ? url : url.slice(0, mark)).slice(SANDBOX_PREFIX.length);
      const slash = rest.indexOf('/');
      const answer = await runtime.handle({
        method: req.method ?? 'GET',
        key: slash < 0 ? rest : rest.slice(0, slash),
        path: slash < 0 ? '/' : rest.slice(slash),
        query: queryOf(mark < 0 ? '' : url.slice(mark + 1)),
        headers: req.headers,
        rawBody: body ?? (req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req)),
      });
      write(res, req.method, answer);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        write(res, req.method, {
          status: 413,
          body: problem(413, 'Payload Too Large', 'The request body is larger than 1 MB'),
        });
        return;
      }
      log.error({ err: error }, 'sandbox request failed');
      write(res, req.method, {
        status: 500,
        body: problem(500, 'Internal Server Error', 'The sandbox failed to answer'),
      });
    }
  };
}

export type SandboxHttpHandler = ReturnType<typeof createSandboxHttpHandler>;
