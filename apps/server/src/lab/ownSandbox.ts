import type { HopAnswer, HopRequest } from './hop.js';
import { cappedBody } from './hop.js';

export type InjectRequest = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; headers: HopAnswer['headers']; rawPayload: Buffer }>;

/**
 * This server's own sandbox is the Lab's main target and usually sits on a loopback or private
 * address, so it is answered in-process (no network at all) rather than let through the address check.
 */
export function ownSandbox(publicUrl: string, inject: InjectRequest) {
  const base = new URL(publicUrl);
  const prefix = base.pathname.replace(/\/+$/, '');

  return {
    /** The server-side path of a sandbox URL of this server, or null for any other URL. */
    pathOf(url: URL): string | null {
      if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/sandbox/`)) return null;
      return `${url.pathname.slice(prefix.length)}${url.search}`;
    },

    async send(request: HopRequest, path: string, maxBodyBytes: number): Promise<HopAnswer> {
      const answer = await Promise.race([
        inject({ method: request.method, url: path, headers: request.headers, payload: request.body }),
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
