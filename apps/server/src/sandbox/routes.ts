import type { FastifyInstance, FastifyReply } from 'fastify';
import { problem } from './problem.js';
import type { SandboxRuntime } from './runtime.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const ALLOWED = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';

/** Open CORS: the sandbox is called from browsers on any origin (DESIGN §6). */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', '*');
}

function sendProblem(reply: FastifyReply, status: number, title: string, detail: string) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send(problem(status, title, detail));
}

/** `/sandbox/<key>/...`: deployed APIs answer here, open to any origin (DESIGN §6). */
export async function sandboxRoutes(app: FastifyInstance, runtime: SandboxRuntime): Promise<void> {
  await app.register(async (scope) => {
    // The body is checked against the endpoint's own schema, so it arrives as text, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'sandbox request failed');
      const detail =
        status === 413
          ? 'The request body is larger than 1 MB'
          : status === 500
            ? 'The sandbox failed to answer'
            : error.message;
      return sendProblem(reply, status, status === 500 ? 'Internal Server Error' : 'Bad Request', detail);
    });

    const handler = async (request: import('fastify').FastifyRequest, reply: FastifyReply) => {
      allowAnyOrigin(reply);
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', ALLOWED);
        reply.header(
          'access-control-allow-headers',
          request.headers['access-control-request-headers'] ?? '*',
        );
        reply.header('access-control-max-age', '86400');
        return reply.status(204).send();
      }
      const { key, '*': rest = '' } = request.params as { key: string; '*'?: string };
      const answer = await runtime.handle({
        method: request.method,
        key,
        path: `/${rest}`,
        query: request.query as Record<string, string>,
        headers: request.headers,
        rawBody: typeof request.body === 'string' ? request.body : undefined,
      });
      reply.status(answer.status);
      if (answer.headers) reply.headers(answer.headers);
      if (answer.body === undefined || request.method === 'HEAD' || answer.status === 204)
        return reply.send();
      const isProblem =
        answer.status >= 400 &&
        typeof answer.body === 'object' &&
        answer.body !== null &&
        'title' in answer.body;
      return reply
        .type(isProblem ? 'application/problem+json' : 'application/json')
        .send(JSON.stringify(answer.body));
    };
    const options = { exposeHeadRoute: false };
    scope.route({ method: METHODS, url: '/sandbox/:key', handler, ...options });
    scope.route({ method: METHODS, url: '/sandbox/:key/*', handler, ...options });
  });
}
