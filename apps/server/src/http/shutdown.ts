import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './health.js';

/**
 * Stops taking connections, lets the requests in flight finish, and closes the server (its database
 * and feeds with it). Past `deadlineMs`, the connections still open are cut so that shutdown ends:
 * answers `forced` then, `drained` when every request finished in time.
 */
export async function shutDown(
  server: FastifyInstance,
  lifecycle: Lifecycle,
  deadlineMs: number,
): Promise<'drained' | 'forced'> {
  lifecycle.ready = false;
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    server.log.warn(
      { deadlineMs },
      'requests still in flight at the shutdown deadline: closing their connections',
    );
    server.server.closeAllConnections();
  }, deadlineMs);
  try {
    await server.close();
  } finally {
    clearTimeout(deadline);
  }
  return forced ? 'forced' : 'drained';
}
