import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, RoleRefused } from '../http/errors.js';
import type { AuthService } from './service.js';
import type { SignedInUser } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
    /** The bearer token of a route open to API tokens, when it was no session (see `apiToken`). */
    apiToken: string | null;
  }
  interface FastifyContextConfig {
    /** Routes open without a session: sign-in, sign-up, verification, health. */
    public?: boolean;
    /** spec §6: the lowest role allowed (1 Viewer, 2 Developer, 3 Admin); reading needs none. */
    minRole?: number;
    /**
     * Also open to a bearer token that is no session: the route itself checks it is a sandbox token of
     * the API it names (a CI job reading its API's request log) and refuses it otherwise.
     */
    apiToken?: boolean;
  }
}

// One hook authenticates every /api route, so no route can forget it (DESIGN §5: missing, bad or
// expired token → 403). A role too low also answers 403, marked `reason: 'role'`: the session stands.
export function installAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  const authenticate = async (request: FastifyRequest) => {
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await auth.userOfSession(token) : null;
    if (!user && token && request.routeOptions.config.apiToken) {
      request.apiToken = token;
      return;
    }
    if (!user) throw new Forbidden('A valid session is required');
    const { minRole } = request.routeOptions.config;
    if (minRole !== undefined && user.roleId < minRole) throw new RoleRefused();
    request.user = user;
  };
  // A callback hook, so requests outside /api (the sandbox's hot path) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const open = request.routeOptions.url === undefined || request.routeOptions.config.public;
    if (!request.url.startsWith('/api/') || open) return done();
    authenticate(request).then(() => done(), done);
  });
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Forbidden('A valid session is required');
  return request.user;
}
