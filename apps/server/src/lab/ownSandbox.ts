import type { HopAnswer, HopRequest } from '../outbound/hop.js';
import { cappedBody } from '../outbound/hop.js';

export type InjectRequest = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}) => Promise<{ statusCode: number; headers: HopAnswer['headers']; rawPayload: Buffer }>;

/**
 * This server's own sandbox is the Lab's main target and usually sits on a loopback or private
 * address, so it is answered in-process (no network at all) rather than let through the address check.
 * It answers under each of `origins` (PUBLIC_URL, and SANDBOX_URL when set), each with its own path prefix.
 */
export function ownSandbox(origins: string[], inject: InjectRequest) {
  const bases = origins.map((origin) => {
    const base = new URL(origin);
    return { origin: base.origin, prefix: base.pathname.replace(/\/+$/, '') };
  });

  return {
    /** The server-side path of a sandbox URL of this server, or null for any other URL. */
    pathOf(url: URL): string | null {
      const base = bases.find(
        ({ origin, prefix }) => url.origin === origin && url.pathname.startsWith(`${prefix}/sandbox/`),
      );
      return base ? `${url.pathname.slice(base.prefix.length)}${url.search}` : null;
    },

    async send(request: HopRequest, path: string, maxBodyBytes: number): Promise<HopAnswer> {
      const answer = await Promise.race([
        // the Host the URL names, as a network call would send: the sandbox tells its own origin by it
        inject({
          method: request.method,
          url: path,
          headers: { ...request.headers, host: request.url.host },
          payload: request.body,
        }),
        new Promise<never>((_, reject) => {
          if (request.signal.aborted) reject(request.signal.reason);
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
        }),
      ]);
      const body = cappedBody(maxBodyBytes);
      body.add(answer.rawPayload);
      return { status: answer.statusCode, headers: answer.headers, ...body.result() };
    },
  };
}
