import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { UpstreamAnswer } from '@sandbox/engine';

// One call to the upstream, bounded as the API Lab bounds its outbound calls: a time limit for the
// whole exchange and a cap on the answer's size. Through --upstream-proxy: an http upstream is asked
// of the proxy by its absolute URL, an https one through a CONNECT tunnel.

export interface UpstreamLimits {
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface OutgoingCall {
  method: string;
  url: URL;
  headers: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

/** Why the upstream gave no answer to forward: the status the client gets (502, 504) and what to tell it. */
export class UpstreamFailure extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

// kept-alive connections: a proxy in front of one upstream reuses them, as a browser would
const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** An https upstream's socket through the proxy's CONNECT tunnel. */
function tunnel(proxy: URL, target: URL, signal: AbortSignal): Promise<ReturnType<typeof tlsConnect>> {
  const port = target.port || '443';
  return new Promise((resolve, reject) => {
    const asked = (proxy.protocol === 'https:' ? httpsRequest : httpRequest)({
      host: proxy.hostname,
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: `${target.hostname}:${port}`,
      headers: { host: `${target.hostname}:${port}`, ...proxyAuthorization(proxy) },
      signal,
    });
    asked.once('connect', (answer, socket) => {
      if (answer.statusCode !== 200) {
        socket.destroy();
        reject(new UpstreamFailure(502, `the upstream proxy refused the tunnel (${answer.statusCode})`));
        return;
      }
      resolve(tlsConnect({ socket, servername: target.hostname }));
    });
    asked.once('error', reject);
    asked.end();
  });
}

async function open(call: OutgoingCall, proxy: URL | undefined, signal: AbortSignal) {
  const { url } = call;
  const options = { method: call.method, headers: call.headers, signal };
  if (!proxy) {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return send(url, { ...options, agent: agents[url.protocol as 'http:' | 'https:'] });
  }
  if (url.protocol === 'https:') {
    const socket = await tunnel(proxy, url, signal);
    return httpsRequest(url, { ...options, agent: false, createConnection: () => socket });
  }
  return (proxy.protocol === 'https:' ? httpsRequest : httpRequest)({
    ...options,
    host: proxy.hostname,
    port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
    path: url.href,
    headers: { ...call.headers, host: url.host, ...proxyAuthorization(proxy) },
    agent: false,
  });
}

function readAnswer(answer: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(answer.headers['content-length']);
    if (declared > limit) {
      answer.destroy();
      reject(new UpstreamFailure(502, `the upstream's answer is larger than ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        answer.destroy();
        reject(new UpstreamFailure(502, `the upstream's answer is larger than ${limit} bytes`));
      } else chunks.push(chunk);
    });
    answer.on('end', () => resolve(Buffer.concat(chunks)));
    answer.on('error', reject);
  });
}

/** A compressed answer decoded (the client is sent it decoded, as Prism sends it), within the same cap. */
function decoded(body: Buffer, encoding: string | undefined, limit: number): Buffer {
  const options = { maxOutputLength: limit };
  try {
    switch (encoding?.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body, options);
      case 'deflate':
        return inflateSync(body, options);
      case 'br':
        return brotliDecompressSync(body, options);
      default:
        return body;
    }
  } catch (error) {
    throw new UpstreamFailure(
      502,
      `the upstream's ${encoding} answer cannot be decoded: ${(error as Error).message}`,
    );
  }
}

/** Sends the call; throws UpstreamFailure when no answer comes back within the limits. */
export async function sendUpstream(
  call: OutgoingCall,
  proxy: URL | undefined,
  { timeoutMs, maxBodyBytes }: UpstreamLimits,
): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const outgoing = await open(call, proxy, signal);
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.end(call.body);
    });
    const raw = await readAnswer(answer, maxBodyBytes);
    const encoding = answer.headers['content-encoding'];
    return {
      status: answer.statusCode ?? 502,
      headers: answer.headers,
      body: decoded(raw, encoding, maxBodyBytes),
    };
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    if (signal.aborted)
      throw new UpstreamFailure(504, `the upstream did not answer within ${timeoutMs / 1000} s`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new UpstreamFailure(502, `the upstream cannot be reached (${code ?? (error as Error).message})`);
  }
}
