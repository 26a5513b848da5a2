// spec §6 and DESIGN §5, enforced by the server: every control-plane route × every kind of caller.
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/support/scratchDatabase.js';
import {
  buildFixture,
  CALLERS,
  type CallerName,
  type Fixture,
} from '../../test/support/team/authorizationFixture.js';
import { type Entry, PUBLIC_ROUTES, TABLE } from '../../test/support/team/authorizationTable.js';
import { startRouteRecordingApp } from '../../test/support/team/routeRecordingApp.js';

function expected(entry: Entry, caller: CallerName, roleId: number | null): number | 'allowed' {
  if (roleId === null || roleId < entry.minRole) return 403;
  if (caller === 'another team' && entry.teamResource) return 404;
  return 'allowed';
}

/** Every method of every route, HEAD twins of GET routes aside (they share the GET's options). */
function registered(routes: RouteOptions[], isPublic: boolean): string[] {
  return routes
    .filter((r) => r.url.startsWith('/api/') && Boolean(r.config?.public) === isPublic)
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
    .filter((key) => !key.startsWith('HEAD '))
    .sort();
}

describe.each(dialects)('the authorization matrix on %s', (dialect) => {
  let f: Fixture;
  let routes: RouteOptions[];
  beforeAll(async () => {
    const app = await startRouteRecordingApp(dialect);
    routes = app.routes;
    f = await buildFixture(app);
  }, 120_000);
  afterAll(() => f?.app.close());

  it('has an entry for every guarded /api route Fastify registered, and no entry for a route that is gone', () => {
    expect(TABLE.map((e) => e.route).sort()).toEqual(registered(routes, false));
  });

  it('keeps exactly the sign-up, sign-in, verification, recovery, set-password and health routes public', () => {
    expect(registered(routes, true)).toEqual([...PUBLIC_ROUTES].sort());
  });

  // The session guard only looks at /api/...: anything else must be the sandbox, which has its own tokens.
  it('registers nothing outside /api but the sandbox', () => {
    const outside = [...new Set(routes.filter((r) => !r.url.startsWith('/api/')).map((r) => r.url))];
    expect(outside.sort()).toEqual(['/sandbox/:key', '/sandbox/:key/*']);
  });

  it('gives every HEAD twin of a GET route the same role rule and the same guard', () => {
    for (const head of routes.filter(
      (r) => [r.method].flat().includes('HEAD') && r.url.startsWith('/api/'),
    )) {
      // a prefixed plugin's `/` route is GET /prefix to onRoute, with HEAD twins at /prefix and /prefix/
      const get = routes.find(
        (r) => (r.url === head.url || `${r.url}/` === head.url) && [r.method].flat().includes('GET'),
      );
      expect({ minRole: head.config?.minRole, public: head.config?.public }, head.url).toEqual({
        minRole: get?.config?.minRole,
        public: get?.config?.public,
      });
    }
  });

  it.each(TABLE.map((e) => [e.route, e] as const))(
    '%s answers each caller as the role table says',
    async (_route, entry) => {
      const [method, url] = entry.route.split(' ');
      const outcomes: Record<string, number | 'allowed'> = {};
      const wanted: Record<string, number | 'allowed'> = {};
      for (const name of CALLERS) {
        const caller = f.callers[name];
        const request = await entry.request(f, caller);
        const res = await f.app.server.inject({
          method: method as HTTPMethods,
          ...request,
          headers: { ...request.headers, ...caller.headers },
        });
        wanted[name] = expected(entry, name, caller.roleId);
        const allowed = entry.allowedStatus ? res.statusCode === entry.allowedStatus : res.statusCode < 300;
        outcomes[name] = allowed ? 'allowed' : res.statusCode;
        if (outcomes[name] !== wanted[name])
          outcomes[name] = `${res.statusCode} ${res.body.slice(0, 200)}` as never;
      }
      expect(outcomes, url).toEqual(wanted);
    },
  );
});
