import type { RouteOptions } from 'fastify';
import type { Dialect } from '../../../src/db/connection.js';
import { startTestApp, type TestApp } from '../testApp.js';

/** The whole product, remembering every route Fastify registers, so a route without an authorization entry is noticed. */
export async function startRouteRecordingApp(
  dialect: Dialect,
): Promise<TestApp & { routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  // Fastify goes on to reuse a route's options for the twin it registers with a trailing slash (a
  // plugin's `/` route under a prefix): the path is kept as registered, the rest read as it ends up.
  const app = await startTestApp(
    dialect,
    {},
    {
      onRoute: (route) => routes.push(Object.create(route, { url: { value: route.url } })),
    },
  );
  // Routes of plugins are registered while the app gets ready.
  await app.server.ready();
  return { ...app, routes };
}
