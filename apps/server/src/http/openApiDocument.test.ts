// The control plane describes itself: its OpenAPI 3.1 document lists every /api route, is valid,
// and is good enough for the product to import and deploy as a sandbox of itself.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startRouteRecordingApp } from '../../test/support/team/routeRecordingApp.js';
import type { TestApp } from '../../test/support/testApp.js';
import { ZHealthy } from './health.js';
import { DOCS_PREFIX, OPENAPI_PATH } from './openApi.js';

interface Document {
  [keyword: string]: unknown;
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
}

/** `METHOD /path` of every /api route, as the document writes paths; the reference page's own routes aside. */
function apiOperations(routes: RouteOptions[]): string[] {
  return routes
    .filter((r) => r.url.startsWith('/api/') && !`${r.url}/`.startsWith(`${DOCS_PREFIX}/`))
    .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`))
    .filter((key) => !key.startsWith('HEAD '));
}

function missingFrom(document: Document, operations: string[]): string[] {
  return operations.filter((key) => {
    const [method, path] = key.split(' ');
    return !document.paths[path]?.[method.toLowerCase()];
  });
}

describe.each(dialects)('the control plane OpenAPI document, on %s', (dialect) => {
  let app: TestApp;
  let routes: RouteOptions[];
  let document: Document;
  beforeAll(async () => {
    const recording = await startRouteRecordingApp(dialect);
    app = recording;
    routes = recording.routes;
    const res = await app.server.inject(OPENAPI_PATH);
    expect(res.statusCode).toBe(200);
    document = res.json();
  }, 120_000);
  afterAll(() => app?.close());

  it('is served without a session, as OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every /api route Fastify registered, with its method', () => {
    const operations = apiOperations(routes);
    expect(operations.length).toBeGreaterThan(50);
    expect(missingFrom(document, operations)).toEqual([]);
  });

  it('would name a registered route the document leaves out', () => {
    const gone = { ...document, paths: { ...document.paths } };
    delete gone.paths['/api/tokens'];
    expect(missingFrom(gone, apiOperations(routes))).toEqual(['GET /api/tokens']);
  });

  it('validates against the official OpenAPI 3.1 schema', async () => {
    const validation = await new Validator().validate(structuredClone(document));
    expect(validation.errors).toBeUndefined();
    expect(validation.valid).toBe(true);
  });

  it('asks for the session on guarded routes only, and answers the error shape on each', () => {
    const health = document.paths['/api/health'].get;
    const tokens = document.paths['/api/tokens'].get;
    expect(health.security).toEqual([]);
    expect(tokens.security).toBeUndefined();
    expect(tokens.tags).toEqual(['Tokens']);
    expect(JSON.stringify(tokens)).toContain('#/components/schemas/ApiError');
  });

  it('describes uploads as multipart forms with a binary file', () => {
    const upload = document.paths['/api/api-config-master/swagger/upload'].post as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.multipartFile).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it('imports into the product and deploys as a sandbox that answers by its own schemas', async () => {
    const { auth } = await signUpAndVerify(app);
    const sandbox = await deploy(app, auth, JSON.stringify(document));
    const endpoints = await app.server.inject({
      url: `/api/api-config-master/${sandbox.api.id}`,
      headers: auth,
    });
    expect(endpoints.statusCode).toBe(200);
    const health = await sandbox.call('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(ZHealthy.safeParse(health.json()).error).toBeUndefined();
  }, 60_000);

  it('serves a reference page at /api/docs whose scripts are files, under the app content security policy', async () => {
    const page = await app.server.inject(`${DOCS_PREFIX}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await app.server.inject(new URL(src, `http://x${DOCS_PREFIX}/`).pathname);
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toContain('javascript');
    }
    const withoutSlash = await app.server.inject(DOCS_PREFIX);
    expect(withoutSlash.statusCode).toBe(200);
  });
});
