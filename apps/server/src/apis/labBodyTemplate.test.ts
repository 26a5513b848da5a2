import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// spec §4 API Lab: a POST, PUT or PATCH starts with a body the server generates from the model, a
// valid request as sent; checked against the real petstore's own schemas.

// biome-ignore lint/suspicious/noExplicitAny: a test reads the document as written
type Json = Record<string, any>;

const petstorePath = createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json');
const petstore: Json = JSON.parse(readFileSync(petstorePath, 'utf8'));

/** The request body's media types and their schemas, as the document declares them. */
function declaredBody(method: string, path: string): Record<string, { schema: Json }> | undefined {
  let body = petstore.paths[path][method.toLowerCase()].requestBody;
  if (body?.$ref) body = petstore.components.requestBodies[body.$ref.split('/').at(-1)];
  return body?.content;
}

/** What a standard validator finds wrong with a value of the document's schema: nothing when it validates. */
function errorsOf(schema: Json, value: unknown): unknown[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // OpenAPI 3.0's format of a file field names no string format a validator knows
  ajv.addFormat('binary', true);
  const validate = ajv.compile({ ...schema, components: petstore.components });
  validate(value);
  return validate.errors ?? [];
}

describe.each(dialects)("the Lab's body template on %s", (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let api: ApiMaster;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    const imported = await importApi(app, auth, readFileSync(petstorePath, 'utf8'), 'petstore.json');
    expect(imported.statusCode).toBe(201);
    api = imported.json();
  });
  afterAll(() => app.close());

  const detail = async (method: string, path: string): Promise<EndpointDetail> => {
    const summary = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
    if (!summary) throw new Error(`no ${method} ${path}`);
    return (
      await app.server.inject({ url: `/api/api-config/${api.id}/${summary.id}`, headers: auth })
    ).json();
  };

  it("starts POST /pet as a valid Pet without its read-only id, with the document's examples", async () => {
    const { requestBodyTemplate } = await detail('POST', '/pet');
    const schema = declaredBody('POST', '/pet')?.['application/json'].schema as Json;
    expect(errorsOf(schema, requestBodyTemplate)).toEqual([]);
    expect(requestBodyTemplate).not.toHaveProperty('id');
    expect(requestBodyTemplate).toMatchObject({
      name: 'doggie',
      photoUrls: expect.arrayContaining(['https://example.com/photo.png']),
      category: { name: expect.any(String) },
      tags: expect.any(Array),
      status: expect.stringMatching(/^(available|pending|sold)$/),
    });
  });

  it('gives the same template on every load', async () => {
    const first = (await detail('PUT', '/pet')).requestBodyTemplate;
    expect((await detail('PUT', '/pet')).requestBodyTemplate).toEqual(first);
  });

  it('starts every POST and PUT of the document with a body its schema accepts', async () => {
    for (const summary of api.apiConfigList) {
      const declared = declaredBody(summary.methodType, summary.apiEndPoint);
      if (!declared) continue;
      const { requestBodyTemplate } = await detail(summary.methodType, summary.apiEndPoint);
      const media = declared['application/json'] ?? Object.values(declared)[0];
      const operation = `${summary.methodType} ${summary.apiEndPoint}`;
      expect(errorsOf(media.schema, requestBodyTemplate), operation).toEqual([]);
    }
    expect(Array.isArray((await detail('POST', '/user/createWithArray')).requestBodyTemplate)).toBe(true);
    expect(Object.keys((await detail('POST', '/pet/{petId}')).requestBodyTemplate as Json).sort()).toEqual([
      'name',
      'status',
    ]);
  });

  it('gives no template to a method that takes no body', async () => {
    expect(await detail('GET', '/pet/{petId}')).not.toHaveProperty('requestBodyTemplate');
    expect(await detail('DELETE', '/pet/{petId}')).not.toHaveProperty('requestBodyTemplate');
  });
});
