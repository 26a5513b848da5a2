import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { cappedBody, type HopAnswer, type HopRequest } from './hop.js';

/**
 * Sends one request over the network. `lookup` decides which address the socket connects to; a
 * fresh connection each time (no agent) means no pooled socket skips that check.
 */
export function fetchOverNetwork(
  request: HopRequest,
  lookup: LookupFunction,
  maxBodyBytes: number,
): Promise<HopAnswer> {
  const client = request.url.protocol === 'https:' ? https : http;
  // Node sends a DELETE's or an OPTIONS' body neither chunked nor measured unless told its length.
  const headers =
    request.body === undefined
      ? request.headers
      : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      request.url,
      { method: request.method, headers, lookup, agent: false, signal: request.signal },
      (response) => {
        const body = cappedBody(maxBodyBytes);
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          const read = body.result();
          const declared = Number(response.headers['content-length']);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            ...read,
            // Reading stops at the cap; the declared length says how large the whole body was.
            sizeBytes:
              read.truncated && Number.isFinite(declared)
                ? Math.max(declared, read.sizeBytes)
                : read.sizeBytes,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (!body.add(chunk)) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => (settled ? undefined : reject(error)));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
