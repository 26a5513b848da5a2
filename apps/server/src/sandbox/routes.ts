import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxHttpHandler } from './httpHandler.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * The sandbox as Fastify routes, for requests that never reach the network listener (inject: tests
 * and the Lab's calls to this server's own sandbox). Over the network, main.ts's listener hands
 * `/sandbox/` requests to the same handler directly.
 */
export async function sandboxRoutes(app: FastifyInstance, handleSandbox: SandboxHttpHandler): Promise<void> {
  await app.register(async (scope) => {
    // The handler checks the body against the endpoint's own schema: it arrives as text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await handleSandbox(request.raw, reply.raw, typeof request.body === 'string' ? request.body : '');
    };
    const options = { exposeHeadRoute: false };
    scope.route({ method: METHODS, url: '/sandbox/:key', handler, ...options });
    scope.route({ method: METHODS, url: '/sandbox/:key/*', handler, ...options });
  });
}
