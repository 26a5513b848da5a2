import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** ReadMe's Swagger Petstore (MIT, @readme/oas-examples): the contract the backend below claims to keep. */
export const readmePetstore = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

/** What the backend last received, for what forwarding sends. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes, as they arrived. */
  bytes: Buffer;
}

const json = (status: number, body: unknown) => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});

/**
 * A real backend of the Petstore under `/v2`, right on most calls and wrong on purpose on some:
 * pet 2 lacks a required field, pet 3 has a name of the wrong type, pet 4 comes as text, order 5
 * is answered with a status the document does not declare.
 */
export function petstoreBackend() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString('utf8');
      const { method = '', url = '', headers } = request;
      received.push({ method, url, headers, body, bytes });
      const path = new URL(request.url ?? '/', 'http://backend.test').pathname;
      const answer = answerOf(request.method ?? 'GET', path, body);
      response
        .writeHead(answer.status, { 'content-type': answer.type, 'x-backend': 'petstore' })
        .end(answer.body);
    });
  });
  return {
    server,
    received,
    listen: (host: string) =>
      new Promise<number>((resolve) =>
        server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
      ),
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

function answerOf(method: string, path: string, body: string) {
  const pet = { id: 1, name: 'doggie', photoUrls: ['https://example.com/photo.png'], status: 'available' };
  const order = { id: 1, petId: 1, quantity: 2, status: 'placed', complete: false };
  switch (`${method} ${path}`) {
    case 'GET /v2/pet/1':
      return json(200, pet);
    case 'GET /v2/pet/2': {
      const { photoUrls: _missing, ...withoutPhotos } = pet;
      return json(200, { ...withoutPhotos, id: 2 });
    }
    case 'GET /v2/pet/3':
      return json(200, { ...pet, id: 3, name: 42 });
    case 'GET /v2/pet/4':
      return { status: 200, type: 'text/plain', body: 'doggie' };
    case 'GET /v2/store/order/1':
      return json(200, order);
    case 'GET /v2/store/order/5':
      return json(418, { message: "I'm a teapot" });
    case 'POST /v2/store/order':
      // the order placed, as the contract says it comes back, whatever the request held
      return json(200, { ...order, id: 7, petId: Number(JSON.parse(body || '{}').petId) || 1 });
    case 'GET /v2/store/inventory':
      return json(200, { available: 3, sold: 1 });
    default:
      return json(404, { message: `no ${method} ${path} here` });
  }
}
