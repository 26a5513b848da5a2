import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, RoleRefused } from '../http/errors.js';
import type { AuthService } from './service.js';
import type { SignedInUser } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /** Routes open without a session: sign-in, sign-up, verification, health. */
    public?: boolean;
    /** spec §6: the lowest role allowed (1 Viewer, 2 Developer, 3 Admin); reading needs none. */
    minRole?: number;
  }
}

// One hook authenticates every /api route, so no route can forget it (DESIGN §5: missing, bad or
// expired token → 403). A role too low also answers 403, marked `reason: 'role'`: the session stands.
export function installAuthGuard(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  const authenticate = async (request: FastifyRequest) => {
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await auth.userOfSession(token) : null;
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
