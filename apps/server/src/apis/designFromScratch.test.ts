import type {
  ApiMaster,
  ApiMasterDetail,
  BodyProperty,
  EndpointDetail,
  SchemaMaster,
} from '@sandbox/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { designer, sandboxOf } from '../../test/support/design.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// A user designs a three-endpoint API from nothing (a collection of pets: list, create, get by id),
// deploys it and calls it: the sandbox answers and validates as designed, the export is valid
// OpenAPI 3.1 that imports back as the same API, and later changes are answered on the next request.

const pet = {
  schemaName: 'Pet',
  configProperties: [
    { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: false, readOnly: true },
    { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true, minLength: 1 },
    { jsonKey: 'tag', jsonKeyType: 'string', isMandatory: false },
  ],
};

/** What a user sees of an API's design, whatever ids and origin marks its rows carry. */
function designOf(api: ApiMasterDetail, endpoints: EndpointDetail[]) {
  const property = (p: BodyProperty): unknown => ({
    key: p.jsonKey,
    type: p.jsonKeyType,
    required: p.isMandatory,
    minLength: p.minLength ?? null,
    readOnly: p.readOnly ?? false,
  });
  const schema = (s: SchemaMaster) => ({
    name: s.schemaName,
    type: s.schemaType,
    items: s.itemsRef ?? null,
    properties: s.configProperties.map(property),
  });
  return {
    endpoints: endpoints
      .map((e) => ({
        route: `${e.methodType} ${e.apiEndPoint}`,
        parameters: e.parameterConfigList.map(
          (p) => `${p.parameterType} ${p.keyName} ${p.dataType} ${p.isRequired}`,
        ),
        request: e.requestConfigList.map((r) => `${r.contentType} ${r.schemaName}`),
        responses: e.responseConfigList.map(
          (r) => `${r.responseCode} ${r.responseDescription} ${r.responseSchemaName}`,
        ),
      }))
      .sort((a, b) => a.route.localeCompare(b.route)),
    schemas: api.schemaMasterList.map(schema).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

describe.each(dialects)('designing an API from nothing on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let d: ReturnType<typeof designer>;
  let api: ApiMaster;
  let deployed: ApiMaster;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    d = designer(app, auth);
  });
  afterAll(() => app.close());

  const detailsOf = async (apiMasterId: number) => {
    const detail: ApiMasterDetail = await d.expectStatus(200, 'GET', `/api/api-config-master/${apiMasterId}`);
    const endpoints = await Promise.all(detail.apiConfigList.map((e) => d.endpoint(apiMasterId, e.id)));
    return { detail, endpoints };
  };

  it('designs list, create and get-by-id of pets over HTTP, and deploys them', async () => {
    api = await d.emptyApi();
    const created = await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, pet);
    expect(created).toMatchObject({ schemaName: 'Pet', schemaType: 'object', isDesigned: true });
    expect(created.configProperties.map((p: BodyProperty) => [p.jsonKey, p.isDesigned])).toEqual([
      ['id', true],
      ['name', true],
      ['tag', true],
    ]);
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'PetList',
      schemaType: 'array',
      itemsRef: '#/components/schemas/Pet',
    });

    const list = await d.addEndpoint(api.id, 'GET', '/pets');
    expect(list).toMatchObject({
      methodType: 'GET',
      apiEndPoint: '/pets',
      apiTag: 'default',
      isDesigned: true,
    });
    await d.addResponse(api.id, list.id, '200', 'The pets', 'PetList');

    const create = await d.addEndpoint(api.id, 'post', '/pets');
    const withBody = await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${create.id}/request-body`, {
      schemaName: 'Pet',
    });
    expect(withBody.requestConfigList).toMatchObject([
      { contentType: 'application/json', schemaName: 'Pet', isRequired: true },
    ]);
    await d.addResponse(api.id, create.id, '201', 'The pet, with its id', 'Pet');

    const one = await d.addEndpoint(api.id, 'GET', '/pets/{petId}');
    expect(one.parameterConfigList).toMatchObject([
      { keyName: 'petId', parameterType: 'path', isRequired: true, dataType: 'string', isDesigned: true },
    ]);
    await d.expectStatus(200, 'POST', `/api/parameter-config/${one.id}`, [
      { ...one.parameterConfigList[0], dataType: 'integer', description: 'The pet' },
    ]);
    await d.addResponse(api.id, one.id, '200', 'The pet', 'Pet');
    await d.addResponse(api.id, one.id, '404', 'No such pet');
    Object.assign(ids, { list: list.id, create: create.id, one: one.id });

    expect((await d.endpoint(api.id, one.id)).parameterConfigList).toMatchObject([
      { keyName: 'petId', parameterType: 'path', dataType: 'integer', description: 'The pet' },
    ]);
    deployed = await d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);
    expect(deployed.apiConfigList.map((e) => e.publicEndPoint)).toEqual([
      `${deployed.apiBaseUrl}/pets`,
      `${deployed.apiBaseUrl}/pets`,
      `${deployed.apiBaseUrl}/pets/{petId}`,
    ]);
  });

  it('answers and validates in the sandbox as designed', async () => {
    const call = sandboxOf(app, deployed);
    const created = await call('POST', '/pets', { name: 'Rex', tag: 'dog' });
    expect(created.statusCode).toBe(201);
    const rex = created.json();
    expect(rex).toMatchObject({ name: 'Rex', tag: 'dog' });
    expect(Number.isInteger(rex.id)).toBe(true);

    const refused = await call('POST', '/pets', {});
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((e: { pointer?: string; path?: string }) => JSON.stringify(e))
        .join(),
    ).toContain('body.name');
    const empty = await call('POST', '/pets', { name: '' });
    expect(empty.statusCode).toBe(400);

    const listed = await call('GET', '/pets');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(rex);
    const found = await call('GET', `/pets/${rex.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(rex);
    expect((await call('GET', '/pets/987654')).statusCode).toBe(404);
    const notANumber = await call('GET', '/pets/rex');
    expect(notANumber.statusCode).toBe(400);
  });

  it('exports valid OpenAPI 3.1 that imports back as the same API', async () => {
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    const validation = await new Validator().validate(structuredClone(document));
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(Object.keys(document.components.schemas)).toEqual(['Pet', 'PetList']);

    const imported = await importApi(app, auth, JSON.stringify(document), 'pet-shop.json');
    expect(imported.statusCode).toBe(201);
    const again = await detailsOf(imported.json().id);
    const original = await detailsOf(api.id);
    expect(designOf(again.detail, again.endpoints)).toEqual(designOf(original.detail, original.endpoints));
    expect(again.endpoints.every((e) => !e.isDesigned)).toBe(true);
  });

  it('holds nested objects, arrays of schemas, formats, enums, examples and constraints', async () => {
    await d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, {
      schemaName: 'Owner',
      configProperties: [
        {
          jsonKey: 'email',
          jsonKeyType: 'string',
          isMandatory: true,
          format: 'email',
          example: 'ann@example.com',
        },
        { jsonKey: 'level', jsonKeyType: 'string', isMandatory: false, enumValues: ['gold', 'silver'] },
        { jsonKey: 'age', jsonKeyType: 'integer', isMandatory: false, minimum: 18, maximum: 120 },
        {
          jsonKey: 'address',
          jsonKeyType: 'object',
          isMandatory: true,
          configProperties: [
            { jsonKey: 'city', jsonKeyType: 'string', isMandatory: true },
            { jsonKey: 'zip', jsonKeyType: 'string', isMandatory: false, maxLength: 5, pattern: '^[0-9]+$' },
          ],
        },
        {
          jsonKey: 'pets',
          jsonKeyType: 'array',
          isMandatory: false,
          refProperties: '#/components/schemas/Pet',
        },
      ],
    });
    const owners = await d.addEndpoint(api.id, 'POST', '/owners');
    await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${owners.id}/request-body`, {
      schemaName: 'Owner',
    });
    await d.addResponse(api.id, owners.id, '201', 'The owner', 'Owner');

    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    expect(document.components.schemas.Owner).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', example: 'ann@example.com' },
        level: { type: 'string', enum: ['gold', 'silver'] },
        age: { type: 'integer', minimum: 18, maximum: 120 },
        address: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            zip: { type: 'string', maxLength: 5, pattern: '^[0-9]+$' },
          },
          required: ['city'],
        },
        pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
      },
      required: ['email', 'address'],
    });

    const call = sandboxOf(app, deployed);
    const owner = {
      email: 'ann@example.com',
      address: { city: 'Oslo', zip: '0150' },
      pets: [{ name: 'Rex' }],
    };
    expect((await call('POST', '/owners', owner)).statusCode).toBe(201);
    const wrong = await call('POST', '/owners', {
      email: 'not an address',
      level: 'bronze',
      age: 7,
      address: { zip: '12a' },
      pets: [{}],
    });
    expect(wrong.statusCode).toBe(400);
    const where = JSON.stringify(wrong.json().errors);
    for (const field of [
      'body.email',
      'body.level',
      'body.age',
      'body.address.city',
      'body.address.zip',
      'body.pets',
    ])
      expect(where).toContain(field);
  });

  it('answers a renamed path and a new required query parameter on the next request', async () => {
    const call = sandboxOf(app, deployed);
    expect((await call('GET', '/pets')).statusCode).toBe(200);

    const renamed = await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${ids.list}`, {
      apiEndPoint: '/animals',
      apiTag: 'animals',
    });
    expect(renamed).toMatchObject({
      apiEndPoint: '/animals',
      apiTag: 'animals',
      publicEndPoint: `${deployed.apiBaseUrl}/animals`,
    });
    expect((await call('GET', '/pets')).statusCode).toBe(405);
    expect((await call('GET', '/animals')).statusCode).toBe(200);

    await d.expectStatus(200, 'POST', `/api/parameter-config/${ids.list}`, [
      { keyName: 'limit', parameterType: 'query', isRequired: true, dataType: 'integer', maximum: 50 },
    ]);
    const missing = await call('GET', '/animals');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().errors)).toContain('query.limit');
    expect((await call('GET', '/animals?limit=500')).statusCode).toBe(400);
    expect((await call('GET', '/animals?limit=5')).statusCode).toBe(200);

    // a renamed template renames its path parameter, keeping what was set on it
    const moved = await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${ids.one}`, {
      apiEndPoint: '/pets/{id}',
    });
    expect(moved.parameterConfigList).toMatchObject([
      { keyName: 'id', parameterType: 'path', dataType: 'integer', description: 'The pet' },
    ]);
    const rex = (await call('POST', '/pets', { name: 'Rex' })).json();
    expect((await call('GET', `/pets/${rex.id}`)).json()).toEqual(rex);

    await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/${ids.one}`);
    expect((await call('GET', `/pets/${rex.id}`)).statusCode).toBe(404);

    const bodiless = await d.expectStatus(
      200,
      'PUT',
      `/api/api-config/${api.id}/${ids.create}/request-body`,
      {
        schemaName: null,
      },
    );
    expect(bodiless.requestConfigList).toEqual([]);
    const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
    expect(document.paths['/pets'].post.requestBody).toBeUndefined();
    expect(document.paths['/pets/{id}']).toBeUndefined();
  });
});
