import type { ApiMaster } from '@sandbox/contracts';
import { importApi } from './catalog.js';
import type { TestApp } from './testApp.js';

export interface SandboxResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the sandbox answered
  json(): any;
}

/** The test app's address on a real port, listening from the first call on. */
async function addressOf(app: TestApp): Promise<string> {
  if (!app.server.server.listening) await app.server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/**
 * Imports and deploys a document; answers the deployed API and a caller of its sandbox that sends
 * real HTTP requests over a port, as clients do.
 */
export async function deploy(
  app: TestApp,
  auth: { authorization: string },
  document: string,
  fields?: Record<string, string>,
) {
  const imported = await importApi(app, auth, document, 'api.yaml', fields);
  if (imported.statusCode !== 201) throw new Error(`import failed: ${imported.body}`);
  const res = await app.server.inject({
    url: `/api/api-publish/${imported.json().id}/publish`,
    headers: auth,
  });
  const api: ApiMaster = res.json();
  const base = new URL(api.apiBaseUrl as string).pathname;
  const origin = await addressOf(app);
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<SandboxResponse> => {
    const response = await fetch(`${origin}${base}${path}`, {
      method,
      headers: {
        'x-request-id': '6f1c1a52-3f1b-4c7e-9d59-0f3b8c1e2a10',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body),
    };
  };
  return { api, base, origin, call };
}
