import type { ApiMaster } from '@sandbox/contracts';
import type { designer } from './design.js';
import type { TestApp } from './testApp.js';

// An API a user designs in the product with most of what the design screens can do (schemas nested
// and renamed, parameters of every place, headers, a body, responses added, recoded and removed),
// and what a user sees of it: its export, the Lab's start of each endpoint, and its sandbox's answers.

type Designer = ReturnType<typeof designer>;

/** Designs the pet shop in an empty API; deploys it and makes its answers deterministic. */
export async function designPetShop(d: Designer, name = 'Pet shop'): Promise<ApiMaster> {
  const api = await d.emptyApi(name);
  const schema = (body: unknown) => d.expectStatus(201, 'POST', `/api/api-config/${api.id}/schemas`, body);
  await schema({
    schemaName: 'Pet',
    configProperties: [
      { jsonKey: 'id', jsonKeyType: 'integer', isMandatory: false, readOnly: true },
      { jsonKey: 'name', jsonKeyType: 'string', isMandatory: true, minLength: 1, example: 'Rex' },
      { jsonKey: 'tags', jsonKeyType: 'array', isMandatory: false, itemsType: 'string' },
      {
        jsonKey: 'owner',
        jsonKeyType: 'object',
        isMandatory: false,
        configProperties: [
          { jsonKey: 'email', jsonKeyType: 'string', isMandatory: true, format: 'email' },
          { jsonKey: 'level', jsonKeyType: 'string', isMandatory: false, enumValues: ['gold', 'silver'] },
        ],
      },
    ],
  });
  await schema({ schemaName: 'PetList', schemaType: 'array', itemsRef: '#/components/schemas/Pet' });
  await schema({
    schemaName: 'Err',
    configProperties: [{ jsonKey: 'code', jsonKeyType: 'integer', isMandatory: true }],
  });

  const list = await d.addEndpoint(api.id, 'GET', '/pets');
  await d.addResponse(api.id, list.id, '200', 'The pets', 'PetList');
  await d.addResponse(api.id, list.id, '400', 'Bad request', 'Err');
  await d.expectStatus(200, 'POST', `/api/parameter-config/${list.id}`, [
    {
      keyName: 'limit',
      parameterType: 'query',
      dataType: 'integer',
      isRequired: false,
      minimum: 1,
      maximum: 10,
    },
    { keyName: 'tags', parameterType: 'query', dataType: 'array', itemsType: 'string', isRequired: false },
    { keyName: 'sid', parameterType: 'cookie', dataType: 'string', isRequired: false },
  ]);
  await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${list.id}/headers`, [
    { headerKey: 'X-Trace', parameterType: 'header', dataType: 'string', isRequired: true },
  ]);

  const create = await d.addEndpoint(api.id, 'POST', '/pets');
  await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${create.id}/request-body`, {
    schemaName: 'Pet',
  });
  await d.addResponse(api.id, create.id, '201', 'The pet, with its id', 'Pet');

  const one = await d.addEndpoint(api.id, 'GET', '/pets/{petId}');
  await d.expectStatus(200, 'POST', `/api/parameter-config/${one.id}`, [
    { ...one.parameterConfigList[0], dataType: 'integer', description: 'The pet' },
  ]);
  await d.addResponse(api.id, one.id, '200', 'The pet', 'Pet');
  const missing = await d.addResponse(api.id, one.id, '404', 'No such pet');
  const dropped = await d.addResponse(api.id, one.id, '500', 'Broken');
  await d.expectStatus(200, 'DELETE', `/api/api-config/${api.id}/${one.id}/responses/${dropped.id}`);
  await d.expectStatus(200, 'POST', `/api/api-config/${missing.id}/update-response-code/410`, {
    responseDescription: 'Gone',
    responseSchemaName: 'Err',
  });

  const remove = await d.addEndpoint(api.id, 'DELETE', '/pets/{id}');
  await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/${remove.id}`, {
    apiEndPoint: '/pets/{petId}',
    summary: 'Removes a pet',
  });
  await d.addResponse(api.id, remove.id, '204', 'Removed');

  await d.expectStatus(200, 'PUT', `/api/api-config/${api.id}/schemas/Err`, {
    schemaName: 'Problem',
    configProperties: [
      { jsonKey: 'code', jsonKeyType: 'integer', isMandatory: true },
      { jsonKey: 'message', jsonKeyType: 'string', isMandatory: false },
    ],
  });
  await d.expectStatus(200, 'PUT', `/api/api-config-master/${api.id}/answer-seed`, { seed: 7 });
  return d.expectStatus(200, 'GET', `/api/api-publish/${api.id}/publish`);
}

export interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Requests a client sends the pet shop: each kind of answer, valid and not, read and written. */
export const PET_SHOP_CALLS: Call[] = [
  { method: 'GET', url: '/pets' },
  { method: 'GET', url: '/pets', headers: { 'x-trace': 'a' } },
  { method: 'GET', url: '/pets?limit=20', headers: { 'x-trace': 'a' } },
  { method: 'GET', url: '/pets?tags=a&tags=b', headers: { 'x-trace': 'a' } },
  { method: 'GET', url: '/pets', headers: { 'x-trace': 'a', accept: 'application/xml' } },
  { method: 'POST', url: '/pets', body: { name: 'Rex', owner: { email: 'ann@example.com' } } },
  { method: 'POST', url: '/pets', body: { name: '' } },
  { method: 'POST', url: '/pets', headers: { 'content-type': 'application/xml' }, body: '<pet/>' },
  { method: 'POST', url: '/pets' },
  { method: 'GET', url: '/pets/1' },
  { method: 'GET', url: '/pets/not-a-number' },
  { method: 'DELETE', url: '/pets/1' },
  { method: 'GET', url: '/pets/2', headers: { prefer: 'code=410' } },
  { method: 'GET', url: '/pets/3', headers: { prefer: 'dynamic=true' } },
];

/** What a user sees of a deployed API: its export, the Lab's start of each endpoint, and answers. */
export async function whatUsersSee(
  app: Pick<TestApp, 'server'>,
  d: Designer,
  api: ApiMaster,
  calls = PET_SHOP_CALLS,
) {
  const document = await d.expectStatus(200, 'GET', `/api/api-config-master/${api.id}/openapi`);
  const lab = [];
  for (const { id } of api.apiConfigList) {
    const { requestBodyTemplate, requestContentType, labCredentials } = await d.endpoint(api.id, id);
    lab.push({ requestBodyTemplate, requestContentType, labCredentials });
  }
  const base = new URL(api.apiBaseUrl as string).pathname;
  const answers = [];
  for (const call of calls) {
    const json = call.body !== undefined && typeof call.body !== 'string';
    const res = await app.server.inject({
      method: call.method,
      url: `${base}${call.url}`,
      headers: { ...(json && { 'content-type': 'application/json' }), ...call.headers },
      ...(call.body !== undefined && { payload: call.body as object }),
    });
    // a new record's id is minted from the clock (a number, or a UUID v7)
    const body = res.body
      .replace(/"id":\d{10,}/g, '"id":"minted"')
      .replace(/"id":"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}"/g, '"id":"minted"');
    answers.push(`${call.method} ${call.url}: ${res.statusCode} ${res.headers['content-type']} ${body}`);
  }
  return { document, lab, answers };
}
