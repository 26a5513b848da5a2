import {
  type ApiMaster,
  type CopilotRequest,
  copilotPaths,
  copilotValidation,
  type EndpointDetail,
  type EndpointSummary,
} from '@sandbox/contracts';
import { ApiModel } from '@sandbox/engine/model/apiModel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentUnderTest } from '../../../../packages/engine/test/support/model/documentValidator.js';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

const endpoint = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, description = '') => ({
  method,
  url,
  description,
});

const inputs: CopilotRequest[] = [
  {
    projectName: 'People',
    description: 'A directory of people. Users have a name, email, age and date of birth.',
    endpoints: [
      endpoint('GET', '/users', 'List users with pagination'),
      endpoint('POST', '/users', 'Create a user with name, email, age and password'),
      endpoint('GET', '/users/{id}', 'Get one user'),
      endpoint('PUT', '/users/{id}', 'Replace a user'),
      endpoint('DELETE', '/users/{id}', 'Delete a user'),
    ],
  },
  {
    projectName: 'Shop',
    description: 'An online shop with products and orders.',
    endpoints: [
      endpoint('GET', '/products', 'List products filtered by category'),
      endpoint('POST', '/products'),
      endpoint('PATCH', '/products/{productId}', 'Change the price or stock of a product'),
      endpoint('GET', '/orders/{orderId}'),
      endpoint('POST', '/users/{userId}/orders', 'Place an order with total, currency, status and items'),
    ],
  },
  {
    projectName: 'Tasks',
    description: '',
    endpoints: [
      endpoint('GET', '/projects/{projectId}/tasks'),
      endpoint('POST', '/projects/{projectId}/tasks', 'Add a task with title, done, due date and tags'),
      endpoint('DELETE', '/projects/{projectId}/tasks/{taskId}'),
      endpoint('GET', '/health'),
    ],
  },
];

// Creating first gives the item endpoints a record to find; deleting last keeps it until then.
const ORDER = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];
const byOrder = (a: EndpointSummary, b: EndpointSummary) =>
  ORDER.indexOf(a.methodType) - ORDER.indexOf(b.methodType) || a.apiEndPoint.length - b.apiEndPoint.length;

describe.each(dialects)('Copilot documents on %s', (dialect) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUpAndVerify>>;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    owner = await signUpAndVerify(app);
  });
  afterAll(() => app.close());

  const generate = (payload: unknown, auth = owner.auth) =>
    app.server.inject({
      method: 'POST',
      url: copilotPaths.generate,
      headers: auth,
      payload: payload as object,
    });

  it.each(inputs.map((input) => [input.projectName, input] as const))(
    'imports, deploys and answers every endpoint of the %s document in the sandbox',
    async (name, input) => {
      const generated = await generate(input);
      expect(generated.statusCode).toBe(200);
      expect(generated.body.startsWith('{\n  "openapi": "3.0.3"')).toBe(true);

      const imported = await importApi(app, owner.auth, generated.body, 'response.json', {
        apiName: name,
        apiDescription: name,
        apiVersion: '1.0',
        isAuthRequired: 'false',
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const published = await app.server.inject({
        url: `/api/api-publish/${imported.json().id}/publish`,
        headers: owner.auth,
      });
      const api: ApiMaster = published.json();
      expect(api.apiConfigList).toHaveLength(input.endpoints.length);

      // answers are judged by Ajv against the API's own export, not by the sandbox's validator
      const exported = await app.server.inject({
        url: `/api/api-config-master/${api.id}/openapi`,
        headers: owner.auth,
      });
      const { paths, components } = exported.json();
      const model = new ApiModel(new Map(Object.entries(components.schemas)));
      const created = new Map<string, string>();
      for (const summary of [...api.apiConfigList].sort(byOrder)) {
        const detail: EndpointDetail = (
          await app.server.inject({ url: `/api/api-config/${api.id}/${summary.id}`, headers: owner.auth })
        ).json();
        const collection = summary.apiEndPoint.replace(/\/\{[^}]+\}$/, '');
        const path = (summary.publicEndPoint as string)
          .replace(/^https?:\/\/[^/]+/, '')
          .replace(/\{([^}]+)\}/g, (_m, param: string) =>
            summary.apiEndPoint.endsWith(`{${param}}`) && created.has(collection)
              ? (created.get(collection) as string)
              : crypto.randomUUID(),
          );
        const operation = paths[summary.apiEndPoint]?.[summary.methodType.toLowerCase()];
        const requestSchema = operation?.requestBody?.content?.['application/json']?.schema;
        const body = requestSchema ? model.generate(requestSchema, '') : undefined;

        const res = await app.server.inject({
          method: summary.methodType as 'GET',
          url: path,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
        const where = `${summary.methodType} ${summary.apiEndPoint}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `${where}: ${res.body}`).toBeLessThan(300);

        const success = detail.responseConfigList.find((r) => Number(r.responseCode) === res.statusCode);
        const declared = operation?.responses?.[res.statusCode]?.content?.['application/json']?.schema;
        if (success?.responseSchemaName) {
          expect(declared, `${where}: the export declares the answer's schema`).toBeDefined();
          const document = documentUnderTest({ ...components.schemas, answer: declared });
          expect(document.errorsOf('answer', res.json()), where).toEqual([]);
        } else {
          expect(res.body, where).toBe('');
        }
        if (summary.methodType === 'POST' && !summary.apiEndPoint.endsWith('}'))
          created.set(summary.apiEndPoint, res.json().id);
      }
    },
  );

  it('refuses input the Copilot form would not send', async () => {
    const noEndpoints = await generate({ projectName: 'Empty', description: '', endpoints: [] });
    expect(noEndpoints.statusCode).toBe(400);
    expect(noEndpoints.json().message).toBe(copilotValidation.atLeastOneEndpoint);
    const relative = await generate({ projectName: 'X', endpoints: [endpoint('GET', 'users')] });
    expect(relative.json().message).toBe(copilotValidation.urlStartsWithSlash);
    const wordy = await generate({
      projectName: 'X',
      description: 'x'.repeat(2001),
      endpoints: [endpoint('GET', '/users')],
    });
    expect(wordy.statusCode).toBe(400);
    expect(wordy.json().detail).toContain('description');
    const verb = await generate({
      projectName: 'X',
      endpoints: [{ method: 'TRACE', url: '/users', description: '' }],
    });
    expect(verb.statusCode).toBe(400);
  });
});
