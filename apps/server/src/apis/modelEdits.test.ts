import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ApiMasterDetail, BodyProperty, EndpointDetail } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// The Body, Params and Headers forms are views of the API's model: what a user saves there is what
// the export (and the sandbox) then declares, and nothing else of the document moves.

// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the export wrote
type Json = Record<string, any>;

/** The real petstore, its Pet annotated as documents do: a title, extensions, 3.1-style examples. */
function annotatedPetstore(): Json {
  const path = createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json');
  const document = JSON.parse(readFileSync(path, 'utf8'));
  const pet = document.components.schemas.Pet;
  pet.title = 'A pet';
  pet['x-internal'] = false;
  pet.properties.name['x-faker'] = 'animal.dog';
  pet.properties.name.title = 'Name';
  pet.properties.status['x-enum-descriptions'] = ['on sale', 'reserved', 'gone'];
  return document;
}

describe.each(dialects)('editing an imported API through its forms on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
  });
  afterAll(() => app.close());

  const get = async <T>(url: string): Promise<T> => (await app.server.inject({ url, headers: auth })).json();
  const exportOf = (id: number) => get<Json>(`/api/api-config-master/${id}/openapi`);
  const petOf = async (id: number) =>
    (await get<ApiMasterDetail>(`/api/api-config-master/${id}`)).schemaMasterList.find(
      (s) => s.schemaName === 'Pet',
    ) as ApiMasterDetail['schemaMasterList'][number];
  const endpointOf = async (id: number, method: string, path: string) => {
    const api = await get<ApiMasterDetail>(`/api/api-config-master/${id}`);
    const summary = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
    return get<EndpointDetail>(`/api/api-config/${id}/${summary?.id}`);
  };
  const saveSchema = (id: number, name: string, configProperties: BodyProperty[]) =>
    app.server.inject({
      method: 'PUT',
      url: `/api/api-config/${id}/schemas/${name}`,
      headers: auth,
      payload: { configProperties },
    });
  const withProperty = (properties: BodyProperty[], key: string, patch: Partial<BodyProperty>) =>
    properties.map((p) => (p.jsonKey === key ? { ...p, ...patch } : p));

  it("writes a property's max length and mandatory flag to the model and leaves every other keyword", async () => {
    const imported = await importApi(app, auth, JSON.stringify(annotatedPetstore()), 'petstore.json');
    const id: number = imported.json().id;
    const before = await exportOf(id);

    const pet = await petOf(id);
    let properties = withProperty(pet.configProperties, 'name', { maxLength: 40 });
    properties = withProperty(properties, 'status', { isMandatory: true });
    expect((await saveSchema(id, 'Pet', properties)).statusCode).toBe(200);

    const after = await exportOf(id);
    const expected = structuredClone(before);
    expected.components.schemas.Pet.properties.name.maxLength = 40;
    expected.components.schemas.Pet.required = ['name', 'photoUrls', 'status'];
    expect(after).toEqual(expected);
    expect(after.components.schemas.Pet.properties.name).toEqual({
      type: 'string',
      example: 'doggie',
      'x-faker': 'animal.dog',
      title: 'Name',
      maxLength: 40,
    });
    expect(after.components.schemas.Pet.title).toBe('A pet');
    expect(after.components.schemas.Pet.xml).toEqual({ name: 'Pet' });
  });

  it('writes a cleared mandatory flag, a default, an automatic value and a removed property', async () => {
    const id: number = (
      await importApi(app, auth, JSON.stringify(annotatedPetstore()), 'petstore.json')
    ).json().id;
    const pet = await petOf(id);
    let properties = withProperty(pet.configProperties, 'name', { isMandatory: false, defaultValue: 'Rex' });
    properties = withProperty(properties, 'id', { autoGenerationType: 'Random Number' });
    properties = properties.filter((p) => p.jsonKey !== 'tags');
    expect((await saveSchema(id, 'Pet', properties)).statusCode).toBe(200);

    const schema = (await exportOf(id)).components.schemas.Pet;
    expect(schema.required).toEqual(['photoUrls']);
    expect(schema.properties.name.default).toBe('Rex');
    expect(schema.properties.id['x-auto-generation']).toBe('Random Number');
    expect(schema.properties.id.default).toBe(40);
    expect(Object.keys(schema.properties)).toEqual(['id', 'category', 'name', 'photoUrls', 'status']);

    // cleared again: the keyword goes
    const again = withProperty((await petOf(id)).configProperties, 'id', { autoGenerationType: null });
    await saveSchema(id, 'Pet', again);
    expect((await exportOf(id)).components.schemas.Pet.properties.id).not.toHaveProperty('x-auto-generation');
  });

  it('adds a property added through the form to the model', async () => {
    const id: number = (
      await importApi(app, auth, JSON.stringify(annotatedPetstore()), 'petstore.json')
    ).json().id;
    const pet = await petOf(id);
    const nickname: BodyProperty = {
      jsonKey: 'nickname',
      jsonKeyType: 'string',
      isMandatory: true,
      maxLength: 12,
    };
    expect((await saveSchema(id, 'Pet', [...pet.configProperties, nickname])).statusCode).toBe(200);
    const schema = (await exportOf(id)).components.schemas.Pet;
    expect(schema.properties.nickname).toEqual({ type: 'string', maxLength: 12 });
    expect(schema.required).toEqual(['name', 'photoUrls', 'nickname']);
  });

  it("writes a parameter's and a header's description to the declared operation", async () => {
    const id: number = (
      await importApi(app, auth, JSON.stringify(annotatedPetstore()), 'petstore.json')
    ).json().id;
    const before = await exportOf(id);
    const remove = await endpointOf(id, 'DELETE', '/pet/{petId}');
    const params = await app.server.inject({
      method: 'POST',
      url: `/api/parameter-config/${remove.id}`,
      headers: auth,
      payload: remove.parameterConfigList.map((p) => ({
        id: p.id,
        keyName: p.keyName,
        parameterType: p.parameterType,
        description: p.keyName === 'petId' ? 'The pet to remove' : p.description,
      })),
    });
    expect(params.statusCode).toBe(200);
    const headers = await app.server.inject({
      method: 'PUT',
      url: `/api/api-config/${id}/${remove.id}/headers`,
      headers: auth,
      payload: remove.headerConfigList.map((h) => ({
        id: h.id,
        headerKey: h.headerKey,
        parameterType: h.parameterType,
        description: 'Only for admins',
      })),
    });
    expect(headers.statusCode).toBe(200);

    const expected = structuredClone(before);
    const declared = expected.paths['/pet/{petId}'].delete.parameters;
    declared.find((p: Json) => p.name === 'petId').description = 'The pet to remove';
    declared.find((p: Json) => p.name === 'api_key').description = 'Only for admins';
    expect(await exportOf(id)).toEqual(expected);
  });

  it("writes an added response and a response's new code, description and schema to the declared operation", async () => {
    const id: number = (
      await importApi(app, auth, JSON.stringify(annotatedPetstore()), 'petstore.json')
    ).json().id;
    const before = await exportOf(id);
    const order = await endpointOf(id, 'POST', '/store/order');
    const created = await app.server.inject({
      method: 'POST',
      url: `/api/api-config/${id}/${order.id}/responses`,
      headers: auth,
      payload: { statusCode: '201', description: 'Placed' },
    });
    expect(created.statusCode).toBe(201);
    const ok = order.responseConfigList.find((r) => r.responseCode === '200');
    const renamed = await app.server.inject({
      method: 'POST',
      url: `/api/api-config/${ok?.id}/update-response-code/202`,
      headers: auth,
      payload: { responseDescription: 'Accepted', responseSchemaName: 'Pet' },
    });
    expect(renamed.statusCode).toBe(200);

    const expected = structuredClone(before);
    const responses = expected.paths['/store/order'].post.responses;
    const answered = responses['200'];
    delete responses['200'];
    answered.description = 'Accepted';
    answered.content[ok?.contentType as string].schema = { $ref: '#/components/schemas/Pet' };
    responses['202'] = answered;
    responses['201'] = { description: 'Placed' };
    expect(await exportOf(id)).toEqual(expected);
  });

  it('refers to a schema named with a slash, chosen in the Responses form, by its escaped pointer', async () => {
    const document = JSON.stringify(annotatedPetstore()).replaceAll('schemas/Pet"', 'schemas/pets~1Pet"');
    const named = JSON.parse(document);
    named.components.schemas['pets/Pet'] = named.components.schemas.Pet;
    delete named.components.schemas.Pet;
    const { api, call } = await deploy(app, auth, JSON.stringify(named));
    const order = await endpointOf(api.id, 'POST', '/store/order');
    const ok = order.responseConfigList.find((r) => r.responseCode === '200');
    const edited = await app.server.inject({
      method: 'POST',
      url: `/api/api-config/${ok?.id}/update-response-code/200`,
      headers: auth,
      payload: { responseSchemaName: 'pets/Pet' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const answered = await call('POST', '/store/order', {
      body: { petId: 1, quantity: 2 },
      headers: { accept: 'application/json' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(
      expect.objectContaining({ name: expect.any(String), photoUrls: expect.any(Array) }),
    );
    const exported = await exportOf(api.id);
    expect(exported.paths['/store/order'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/pets~1Pet',
    });
    expect(JSON.stringify(exported)).not.toContain('schemas/pets/Pet');
  });

  it('answers from the edited schema on the next request to the deployed API', async () => {
    const { api, call } = await deploy(app, auth, JSON.stringify(annotatedPetstore()));
    const order = { body: { petId: 1, quantity: 2 } };
    expect((await call('POST', '/store/order', order)).statusCode).toBe(200);
    const schemas = (await get<ApiMasterDetail>(`/api/api-config-master/${api.id}`)).schemaMasterList;
    const orderSchema = schemas.find((s) => s.schemaName === 'Order') as (typeof schemas)[number];
    const properties = withProperty(orderSchema.configProperties, 'shipDate', { isMandatory: true });
    expect((await saveSchema(api.id, 'Order', properties)).statusCode).toBe(200);
    expect((await call('POST', '/store/order', order)).statusCode).toBe(400);
  });
});
