import { problem } from '@sandbox/engine/answer/problem';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT, type SandboxHttpHandler, writeAnswer } from './httpHandler.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'];

/**
 * The sandbox as Fastify routes, for requests that never reach the network listener (inject: tests
 * and the Lab's calls to this server's own sandbox). Over the network, main.ts's listener hands
 * `/sandbox/` requests to the same handler directly.
 */
export async function sandboxRoutes(app: FastifyInstance, handleSandbox: SandboxHttpHandler): Promise<void> {
  // a document may declare TRACE operations; Fastify routes it only once told to
  if (!app.supportedMethods.includes('TRACE')) app.addHttpMethod('TRACE');
  await app.register(async (scope) => {
    // The handler checks the body against the endpoint's own schema: it arrives as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    // A body Fastify refuses before the handler runs is answered as the sandbox answers any refusal.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      reply.hijack();
      const [title, detail] =
        status === 413
          ? ['Payload Too Large', 'The request body is larger than 1 MB']
          : status < 500
            ? ['Bad Request', error.message]
            : ['Internal Server Error', 'The sandbox failed to answer'];
      writeAnswer(reply.raw, request.method, { status, body: problem(status, title, detail) });
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await handleSandbox(request.raw, reply.raw, typeof request.body === 'string' ? request.body : '');
    };
    const options = { exposeHeadRoute: false };
    scope.route({ method: METHODS, url: '/sandbox/:key', handler, ...options });
    scope.route({ method: METHODS, url: '/sandbox/:key/*', handler, ...options });
  });
}
