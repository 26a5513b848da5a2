import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxAnswer } from './exchange.js';

/**
 * Response headers that act on the whole origin that sends them, not on the one answer: cookies,
 * clearing the origin's storage, a redirect by `Refresh`, HSTS, alternative services, reporting, and
 * CORS beyond the sandbox's own open policy. A tenant's document may declare any of them; sent from
 * the app's origin they would act on the app (sign its users out, redirect them, read answers with
 * their credentials). The product never sets them on a sandbox answer, bar the CORS ones it sets itself.
 */
const ACTS_ON_ORIGIN = new Set([
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
  'refresh',
  'strict-transport-security',
  'alt-svc',
  'service-worker-allowed',
  'nel',
  'report-to',
  'reporting-endpoints',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);

/**
 * Whether a request reached sandboxes on an origin of their own: SANDBOX_URL names one that is not
 * the app's, and the request was sent to its host (an address handed out before it was set still
 * answers on the app's origin).
 */
export function ownOriginCheck(
  sandboxUrl: string,
  publicUrl: string,
): (headers: IncomingHttpHeaders) => boolean {
  const own = new URL(sandboxUrl);
  if (own.origin === new URL(publicUrl).origin) return () => false;
  const host = own.host.toLowerCase();
  return (headers) => headers.host?.toLowerCase() === host;
}

/** The answer without the headers that would act on the app's origin: the product's CORS then applies. */
export function withoutOriginHeaders(answer: SandboxAnswer): SandboxAnswer {
  const { headers } = answer;
  if (!headers) return answer;
  let kept: Record<string, string> | undefined;
  for (const name in headers) {
    if (!ACTS_ON_ORIGIN.has(name)) continue;
    kept ??= { ...headers };
    delete kept[name];
  }
  return kept ? { ...answer, headers: kept } : answer;
}
