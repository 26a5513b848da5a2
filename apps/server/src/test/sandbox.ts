import type { ApiMaster } from '@sandbox/contracts';
import { importApi } from './catalog.js';
import type { TestApp } from './testApp.js';

/** Imports and deploys a document; answers the deployed API and a caller of its sandbox. */
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
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    app.server.inject({
      method,
      url: `${base}${path}`,
      headers: {
        'x-request-id': '6f1c1a52-3f1b-4c7e-9d59-0f3b8c1e2a10',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
    });
  return { api, base, call };
}
