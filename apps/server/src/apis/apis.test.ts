import type { ApiMaster, EndpointDetail } from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi } from '../../test/support/catalog.js';
import { petstoreYaml } from '../../test/support/petstore.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

describe.each(dialects)('the API catalog on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let api: ApiMaster;
  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    const res = await importApi(app, auth, petstoreYaml);
    expect(res.statusCode).toBe(201);
    api = res.json();
  });
  afterAll(() => app.close());

  const get = (url: string, headers = auth) => app.server.inject({ url, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = auth) =>
    app.server.inject({ method, url, payload: payload as object, headers });
  const endpoint = (method: string, path: string) => {
    const found = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
    if (!found) throw new Error(`no ${method} ${path}`);
    return found;
  };
  const detail = async (method: string, path: string): Promise<EndpointDetail> =>
    (await get(`/api/api-config/${api.id}/${endpoint(method, path).id}`)).json();

  it('imports every operation with its tag, method and path', () => {
    expect(api).toMatchObject({
      apiMasterName: 'Petstore',
      apiVersion: '1.0',
      isApiPublished: false,
      apiBaseUrl: null,
    });
    expect(api.apiConfigList.map((e) => `${e.apiTag} ${e.methodType} ${e.apiEndPoint}`).sort()).toEqual([
      'owners GET /owners',
      'pets DELETE /pets/{petId}',
      'pets GET /pets',
      'pets GET /pets/{petId}',
      'pets POST /pets',
    ]);
  });

  it('lists the team’s APIs with their endpoints', async () => {
    const list: ApiMaster[] = (await get('/api/api-config-master')).json();
    expect(list.map((a) => a.id)).toContain(api.id);
    expect(list.find((a) => a.id === api.id)?.apiConfigList).toHaveLength(5);
  });

  it('shows an endpoint with its parameters, headers, responses and the schemas it uses', async () => {
    const listPets = await detail('GET', '/pets');
    expect(listPets.apiName).toBe('Petstore');
    expect(listPets.parameterConfigList).toMatchObject([
      { keyName: 'limit', parameterType: 'query', dataType: 'integer' },
    ]);
    expect(listPets.headerConfigList).toMatchObject([
      { headerKey: 'X-Request-Id', isRequired: true, format: 'uuid' },
    ]);
    expect(listPets.responseConfigList.map((r) => r.responseCode)).toEqual(['200']);

    const createPet = await detail('POST', '/pets');
    expect(createPet.requestConfigList).toMatchObject([
      { contentType: 'application/json', schemaName: 'NewPet' },
    ]);
    const names = createPet.schemaMasterList.map((s) => s.schemaName).sort();
    expect(names).toEqual(expect.arrayContaining(['NewPet', 'Owner', 'Pet']));
    const newPet = createPet.schemaMasterList.find((s) => s.schemaName === 'NewPet');
    expect(newPet?.configProperties.find((p) => p.jsonKey === 'name')).toMatchObject({
      jsonKeyType: 'string',
      isMandatory: true,
      minLength: 1,
      maxLength: 40,
    });
    expect(
      newPet?.configProperties.find((p) => p.jsonKey === 'address')?.configProperties?.map((p) => p.jsonKey),
    ).toEqual(['city', 'zip']);
    expect(newPet?.configProperties.find((p) => p.jsonKey === 'owner')?.refProperties).toBe(
      '#/components/schemas/Owner',
    );
  });

  it('saves parameter and header edits', async () => {
    const listPets = await detail('GET', '/pets');
    const [limit] = listPets.parameterConfigList;
    const saved = await send('POST', `/api/parameter-config/${listPets.id}`, [
      { id: limit.id, keyName: 'limit', parameterType: 'query', description: 'Page size' },
    ]);
    expect(saved.statusCode).toBe(200);
    const [header] = listPets.headerConfigList;
    const headers = await send('PUT', `/api/api-config/${api.id}/${listPets.id}/headers`, [
      { id: header.id, headerKey: header.headerKey, parameterType: 'header', description: 'Trace id' },
    ]);
    expect(headers.statusCode).toBe(200);
    const after = await detail('GET', '/pets');
    expect(after.parameterConfigList[0]).toMatchObject({
      description: 'Page size',
      dataType: 'integer',
      maximum: 100,
    });
    expect(after.headerConfigList[0]).toMatchObject({ description: 'Trace id', format: 'uuid' });
  });

  it('refuses a parameter row without its required fields', async () => {
    const listPets = await detail('GET', '/pets');
    const res = await send('POST', `/api/parameter-config/${listPets.id}`, [
      { keyName: '', parameterType: 'query' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Required');
  });

  it('saves a body property edit and keeps the ids of untouched properties', async () => {
    const createPet = await detail('POST', '/pets');
    const newPet = createPet.schemaMasterList.find((s) => s.schemaName === 'NewPet');
    if (!newPet) throw new Error('NewPet missing');
    const edited = newPet.configProperties.map((p) =>
      p.jsonKey === 'name' ? { ...p, maxLength: 20, autoGenerationType: 'Random String' as const } : p,
    );
    const res = await send('PUT', `/api/api-config/${api.id}/schemas/NewPet`, { configProperties: edited });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.configProperties.find((p: { jsonKey: string }) => p.jsonKey === 'name')).toMatchObject({
      maxLength: 20,
      autoGenerationType: 'Random String',
    });
    expect(saved.configProperties.map((p: { id: number }) => p.id)).toEqual(
      newPet.configProperties.map((p) => p.id),
    );
  });

  it('adds a response, refuses the same code twice, and changes a response code', async () => {
    const getPet = await detail('GET', '/pets/{petId}');
    const url = `/api/api-config/${api.id}/${getPet.id}/responses`;
    const created = await send('POST', url, { statusCode: '500', description: 'Server error' });
    expect(created.statusCode).toBe(201);
    expect((await send('POST', url, { statusCode: '500', description: 'Again' })).statusCode).toBe(409);
    const missing = await send('POST', url, { statusCode: '', description: '' });
    expect(missing.json().message).toBe('Status code is required');
    const changed = await send('POST', `/api/api-config/${created.json().id}/update-response-code/503`, {
      responseDescription: 'Unavailable',
    });
    expect(changed.json()).toMatchObject({ responseCode: '503', responseDescription: 'Unavailable' });
    expect((await detail('GET', '/pets/{petId}')).responseConfigList.map((r) => r.responseCode)).toEqual([
      '200',
      '404',
      '503',
    ]);
  });

  it('links endpoints for the Mapping tab and maps a path parameter to a body field', async () => {
    const createPet = endpoint('POST', '/pets');
    const options = (await get(`/api/api-config/${api.id}/get-all-apis/${createPet.id}`)).json();
    expect(options.POST).toBeUndefined();
    expect(options.GET.map((o: { apiEndPoint: string }) => o.apiEndPoint).sort()).toEqual([
      '/owners',
      '/pets',
      '/pets/{petId}',
    ]);

    const getPet = endpoint('GET', '/pets/{petId}');
    const links = {
      getApiId: `${endpoint('GET', '/pets').id},${getPet.id}`,
      deleteApiId: String(endpoint('DELETE', '/pets/{petId}').id),
    };
    expect(
      (await send('PUT', `/api/api-config/${api.id}/update-apis/${createPet.id}`, links)).statusCode,
    ).toBe(200);
    const saved = await detail('POST', '/pets');
    expect(saved).toMatchObject({ getApiId: links.getApiId, deleteApiId: links.deleteApiId, putApiId: null });

    const fields = (await get(`/api/api-config/${api.id}/map-params/${getPet.id}`)).json();
    expect(Object.keys(fields).sort()).toEqual(['address', 'name', 'owner', 'tag']);
  });

  it('refuses links to endpoints of another API or to itself', async () => {
    const createPet = endpoint('POST', '/pets');
    const url = `/api/api-config/${api.id}/update-apis/${createPet.id}`;
    expect((await send('PUT', url, { getApiId: '999999' })).statusCode).toBe(400);
    expect((await send('PUT', url, { getApiId: String(createPet.id) })).statusCode).toBe(400);
    expect((await send('PUT', url, { getApiId: 'drop table' })).statusCode).toBe(400);
  });

  it('answers the list of HTTP status codes', async () => {
    const codes = (await get('/api/api-config/undefined/httpStatusCode')).json();
    expect(codes['200']).toBe('OK');
    expect(codes['404']).toBe('Not Found');
  });

  it('shows nothing of a team’s APIs to another team', async () => {
    const other = (await signUpAndVerify(app)).auth;
    expect((await get('/api/api-config-master', other)).json()).toEqual([]);
    expect((await get(`/api/api-config-master/${api.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/api-config/${api.id}/${api.apiConfigList[0].id}`, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/api-config-master/${api.id}`, undefined, other)).statusCode).toBe(404);
    expect((await get(`/api/api-config-master/${api.id}/openapi`, other)).statusCode).toBe(404);
  });

  it('creates and renames an API without a document', async () => {
    const created = await send('POST', '/api/api-config-master', {
      apiMasterName: 'Billing',
      apiDescription: 'Invoices',
      apiVersion: '2.0',
    });
    expect(created.statusCode).toBe(201);
    const renamed = await send('POST', '/api/api-config-master', {
      id: created.json().id,
      apiMasterName: 'Billing v2',
      apiDescription: 'Invoices',
      apiVersion: '2.1',
      isAuthRequired: true,
    });
    expect(renamed.json()).toMatchObject({
      apiMasterName: 'Billing v2',
      apiVersion: '2.1',
      isAuthRequired: true,
    });
    const bad = await send('POST', '/api/api-config-master', {
      apiMasterName: 'X',
      apiDescription: 'Y',
      apiVersion: '10',
    });
    expect(bad.json().message).toBe('API version is required');
  });

  it('deploys once, then says it is already deployed', async () => {
    const res = await get(`/api/api-publish/${api.id}/publish`);
    expect(res.statusCode).toBe(200);
    const deployed: ApiMaster = res.json();
    expect(deployed.apiBaseUrl).toMatch(/^http:\/\/sandbox\.test\/sandbox\/[\w-]{16}$/);
    expect(deployed.apiConfigList[0].publicEndPoint).toBe(
      `${deployed.apiBaseUrl}${deployed.apiConfigList[0].apiEndPoint}`,
    );
    const again = await get(`/api/api-publish/${api.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Already Deployed.');
    const list: ApiMaster[] = (await get('/api/api-config-master/deployed')).json();
    expect(list.map((a) => a.id)).toEqual([api.id]);
  });

  it('deletes an API with everything in it', async () => {
    const res = await importApi(app, auth, petstoreYaml);
    const doomed: ApiMaster = res.json();
    expect((await send('DELETE', `/api/api-config-master/${doomed.id}`)).statusCode).toBe(200);
    expect((await get(`/api/api-config-master/${doomed.id}`)).statusCode).toBe(404);
    const left = await app.db.kysely
      .selectFrom('endpoints')
      .select('id')
      .where('api_master_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
  });
});
