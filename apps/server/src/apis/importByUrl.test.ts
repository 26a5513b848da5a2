import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { apisPaths, MAX_IMPORT_BYTES } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importFields, multipartBody } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';
import { urlImportMessages } from '../import/fetchDocument.js';

// No public server is reachable from a test, so one on 127.0.0.2 plays it: the test's resolver maps
// public.example to it and the test alone allows that one address. Every other check is production's.
const PUBLIC_ADDRESS = '127.0.0.2';

const require = createRequire(import.meta.url);
const petstoreJson = readFileSync(require.resolve('@readme/oas-examples/3.0/json/petstore.json'), 'utf8');
const petstoreYaml = readFileSync(require.resolve('@readme/oas-examples/3.0/yaml/petstore.yaml'), 'utf8');
const TOO_LARGE = Buffer.alloc(MAX_IMPORT_BYTES + 1, ' ');

function publicServer(): Server {
  return createServer((request, response) => {
    switch (request.url) {
      case '/openapi':
        response.setHeader('content-type', 'application/json');
        return response.end(petstoreJson);
      case '/docs/petstore':
        // served as plain text, as raw file hosts do: YAML is told by its first character
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        return response.end(petstoreYaml);
      case '/moved':
        response.writeHead(302, { location: '/openapi' });
        return response.end();
      case '/to-private':
        response.writeHead(302, { location: 'http://private.example/openapi.json' });
        return response.end();
      case '/huge.json':
        return response.end(TOO_LARGE);
      case '/slow.json':
        return; // never answers
      case '/readme.html':
        response.setHeader('content-type', 'text/html');
        return response.end('<!doctype html><h1>Petstore</h1>');
      default:
        response.writeHead(404);
        return response.end();
    }
  });
}

describe.each(dialects)('importing a document by URL on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  const server = publicServer();
  let port: number;

  beforeAll(async () => {
    port = await new Promise<number>((resolve) =>
      server.listen(0, PUBLIC_ADDRESS, () => resolve((server.address() as AddressInfo).port)),
    );
    app = await startTestApp(
      dialect,
      {},
      {
        labNetwork: {
          resolve: async (hostname) => {
            if (hostname === 'public.example') return [{ address: PUBLIC_ADDRESS, family: 4 }];
            if (hostname === 'private.example') return [{ address: '10.0.0.7', family: 4 }];
            throw Object.assign(new Error(`${hostname} is unknown`), { code: 'ENOTFOUND' });
          },
          allowAddress: (address) => address === PUBLIC_ADDRESS,
          timeoutMs: 1000,
        },
      },
    );
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await app.close();
  });

  const importUrl = async (url: string) => {
    const { payload, headers } = await multipartBody({ ...importFields, url });
    return app.server.inject({
      method: 'POST',
      url: apisPaths.upload,
      payload,
      headers: { ...headers, ...auth },
    });
  };
  const at = (path: string) => `http://public.example:${port}${path}`;

  it('imports a JSON document from a URL without an extension', async () => {
    const res = await importUrl(at('/openapi'));
    expect(res.statusCode).toBe(201);
    const detail = await app.server.inject({ url: apisPaths.one(res.json().id), headers: auth });
    const endpoints = detail
      .json()
      .apiConfigList.map(
        (e: { methodType: string; apiEndPoint: string }) => `${e.methodType} ${e.apiEndPoint}`,
      );
    expect(endpoints).toEqual(
      expect.arrayContaining(['GET /pet/{petId}', 'POST /pet', 'GET /store/inventory']),
    );
  });

  it('imports a YAML document served as plain text, and follows a redirect to a document', async () => {
    expect((await importUrl(at('/docs/petstore'))).statusCode).toBe(201);
    expect((await importUrl(at('/moved'))).statusCode).toBe(201);
  });

  it('refuses private, loopback and metadata addresses', async () => {
    for (const url of [
      'http://10.0.0.1/openapi.json',
      'http://127.0.0.1:1/',
      'http://169.254.169.254/latest/',
    ]) {
      const res = await importUrl(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(urlImportMessages.privateAddress);
    }
  });

  it('refuses a redirect to a private address', async () => {
    const res = await importUrl(at('/to-private'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: urlImportMessages.privateAddress,
      detail: 'private.example resolves to 10.0.0.7',
    });
  });

  it('refuses a document over 10 MB', async () => {
    const res = await importUrl(at('/huge.json'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(urlImportMessages.tooLarge);
  });

  it('gives up on a URL that does not answer in time', async () => {
    const res = await importUrl(at('/slow.json'));
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe(urlImportMessages.timedOut);
  });

  it('says when a URL cannot be reached, has no document or is not OpenAPI', async () => {
    const unknown = await importUrl('http://nowhere.example/openapi.json');
    expect([unknown.statusCode, unknown.json().message]).toEqual([502, urlImportMessages.unreachable]);
    const missing = await importUrl(at('/missing.json'));
    expect([missing.statusCode, missing.json().message]).toEqual([400, urlImportMessages.notFound]);
    const page = await importUrl(at('/readme.html'));
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toMatch(/not an OpenAPI or Swagger document|YAML/);
    const ftp = await importUrl('ftp://public.example/openapi.json');
    expect([ftp.statusCode, ftp.json().message]).toEqual([400, urlImportMessages.invalidUrl]);
  });
});
