import { readFileSync } from 'node:fs';
import {
  type ApiMasterDetail,
  apisPaths,
  designPaths,
  type EndpointDetail,
  type ReimportAnswer,
  ROLE_VIEWER,
  reimportPaths,
} from '@sandbox/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndVerify } from '../../test/support/accounts.js';
import { importApi, multipartBody } from '../../test/support/catalog.js';
import { deploy } from '../../test/support/sandbox.js';
import { dialects } from '../../test/support/scratchDatabase.js';
import { joinTeam } from '../../test/support/team/teamJourneys.js';
import { startTestApp, type TestApp } from '../../test/support/testApp.js';

// Two real versions of one public document (test-fixtures/reimport/README.md): Hoot v1 and v2.
const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/reimport/${name}`, import.meta.url), 'utf8');
const v1 = fixture('hoot-v1.json');
const v2 = fixture('hoot-v2.json');
const hootFields = { apiName: 'Hoot', apiDescription: 'Hoots', apiVersion: '1.0', isAuthRequired: 'false' };
const basic = {
  authorization: `Basic ${Buffer.from('ada:secret').toString('base64')}`,
  accept: 'application/json',
};

describe.each(dialects)('re-importing a changed document on %s', (dialect) => {
  let app: TestApp;
  let auth: { authorization: string };
  let sandbox: Awaited<ReturnType<typeof deploy>>;
  let apiId: number;

  beforeAll(async () => {
    app = await startTestApp(dialect);
    ({ auth } = await signUpAndVerify(app));
    sandbox = await deploy(app, auth, v1, hootFields);
    apiId = sandbox.api.id;
  });
  afterAll(() => app.close());

  async function reimport(document: string, dryRun: boolean, fields: Record<string, string> = {}) {
    const { payload, headers } = await multipartBody(fields, { name: 'hoot.json', content: document });
    const res = await app.server.inject({
      method: 'POST',
      url: `${reimportPaths.upload(apiId)}${dryRun ? '?dryRun=true' : ''}`,
      payload,
      headers: { ...headers, ...auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReimportAnswer;
  }
  const detail = async () =>
    (await app.server.inject({ url: apisPaths.one(apiId), headers: auth })).json() as ApiMasterDetail;
  const endpointId = async (method: string, path: string) =>
    (await detail()).apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path)?.id;
  const endpoint = async (id: number) =>
    (await app.server.inject({ url: apisPaths.endpoint(apiId, id), headers: auth })).json() as EndpointDetail;

  const noChange = { added: [], removed: [], changed: [] };

  it('lists exactly what v2 adds and removes, and changes nothing on a dry run', async () => {
    const before = await detail();
    const answer = await reimport(v2, true);
    expect(answer.applied).toBe(false);
    expect(answer.api).toBeUndefined();
    expect(answer.summary).toEqual({
      endpoints: {
        added: [
          { methodType: 'POST', apiEndPoint: '/hoot/{id}/like' },
          { methodType: 'GET', apiEndPoint: '/timeline' },
          { methodType: 'GET', apiEndPoint: '/timeline/{username}' },
        ],
        removed: [],
        changed: [],
      },
      schemas: { ...noChange, removed: ['Squawk'] },
    });

    const after = await detail();
    expect(after.apiConfigList).toEqual(before.apiConfigList);
    expect(after.schemaMasterList.map((s) => s.schemaName)).toContain('Squawk');
  });

  it('applies v2 keeping hand edits, links, tokens, test data and the deployment', async () => {
    const getHoot = (await endpointId('GET', '/hoot/{id}')) as number;
    const postHoot = (await endpointId('POST', '/hoot')) as number;
    // hand edits: a parameter's description, a property's automatic value and length, a link
    const params = await app.server.inject({
      method: 'POST',
      url: apisPaths.parameters(getHoot),
      payload: [{ keyName: 'id', parameterType: 'path', description: 'The hoot, by its id (edited)' }],
      headers: auth,
    });
    expect(params.statusCode, params.body).toBe(200);
    const hoot = (await detail()).schemaMasterList.find((s) => s.schemaName === 'Hoot');
    const configProperties = hoot?.configProperties.map((p) =>
      p.jsonKey === 'replyto' ? { ...p, autoGenerationType: 'UUID' as const, maxLength: 36 } : p,
    );
    const saved = await app.server.inject({
      method: 'PUT',
      url: apisPaths.schema(apiId, 'Hoot'),
      payload: { configProperties },
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const linked = await app.server.inject({
      method: 'PUT',
      url: apisPaths.updateApis(apiId, getHoot),
      payload: { postApiId: String(postHoot) },
      headers: auth,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const token = await app.server.inject({ url: `/api/generateToken/${apiId}`, headers: auth });
    expect(token.statusCode, token.body).toBe(200);
    const rows = [{ post: 'Hello from the test data', replyto: '' }];
    const uploaded = await app.server.inject({
      method: 'POST',
      url: `/api/api-response/${getHoot}/test-data-upload/`,
      payload: rows,
      headers: auth,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const answer = await reimport(v2, false);
    expect(answer.applied).toBe(true);
    expect(answer.summary.endpoints.added).toHaveLength(3);
    expect(answer.api?.apiBaseUrl).toBe(sandbox.api.apiBaseUrl);
    expect(answer.api?.apiMasterName).toBe('Hoot');
    expect(answer.api?.apiConfigList.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'POST /hoot',
      'GET /hoot/{id}',
      'POST /hoot/{id}/like',
      'GET /timeline',
      'GET /timeline/{username}',
    ]);

    // the endpoints that remain keep their ids, their edits and their links
    expect(await endpointId('GET', '/hoot/{id}')).toBe(getHoot);
    const kept = await endpoint(getHoot);
    expect(kept.parameterConfigList.find((p) => p.keyName === 'id')?.description).toBe(
      'The hoot, by its id (edited)',
    );
    expect(kept.postApiId).toBe(String(postHoot));
    const replyto = (await detail()).schemaMasterList
      .find((s) => s.schemaName === 'Hoot')
      ?.configProperties.find((p) => p.jsonKey === 'replyto');
    expect(replyto).toMatchObject({ autoGenerationType: 'UUID', maxLength: 36 });
    expect((await detail()).schemaMasterList.map((s) => s.schemaName)).not.toContain('Squawk');

    // the exported document carries the edit: the model was written, not only the form
    const exported = await app.server.inject({ url: apisPaths.openapi(apiId), headers: auth });
    expect(exported.body).toContain('The hoot, by its id (edited)');

    const tokens = (await app.server.inject({ url: '/api/tokens', headers: auth })).json();
    expect(JSON.stringify(tokens)).toContain(token.json().generatedAccessToken ?? '');
    const data = await app.server.inject({ url: `/api/api-response/${getHoot}/test-data`, headers: auth });
    expect(data.json().rows).toEqual(rows);

    // the deployed sandbox answers the new document at once, at the same address
    const timeline = await sandbox.call('GET', '/timeline', { headers: basic });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(Array.isArray(timeline.json())).toBe(true);
  });

  it('removes the endpoints a document no longer has, and answers nothing for them', async () => {
    const dry = await reimport(v1, true);
    expect(dry.summary.endpoints).toEqual({
      added: [],
      removed: [
        { methodType: 'POST', apiEndPoint: '/hoot/{id}/like' },
        { methodType: 'GET', apiEndPoint: '/timeline' },
        { methodType: 'GET', apiEndPoint: '/timeline/{username}' },
      ],
      changed: [],
    });
    expect(dry.summary.schemas.added).toEqual(['Squawk']);
    const getHoot = await endpointId('GET', '/hoot/{id}');
    await reimport(v1, false, { apiDescription: 'Hoots, back to v1' });
    const api = await detail();
    expect(api.apiDescription).toBe('Hoots, back to v1');
    expect(api.apiConfigList.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toEqual([
      'POST /hoot',
      'GET /hoot/{id}',
    ]);
    expect(await endpointId('GET', '/hoot/{id}')).toBe(getHoot);
    expect((await sandbox.call('GET', '/timeline', { headers: basic })).statusCode).toBe(404);
    // nothing left to re-import: the same document again changes nothing
    const again = await reimport(v1, true);
    expect(again.summary).toEqual({
      endpoints: noChange,
      schemas: noChange,
    });
  });

  it('refuses a file of another format and an API of another team', async () => {
    const { payload, headers } = await multipartBody({}, { name: 'hoot.txt', content: v2 });
    const wrong = await app.server.inject({
      method: 'POST',
      url: reimportPaths.upload(apiId),
      payload,
      headers: { ...headers, ...auth },
    });
    expect(wrong.statusCode).toBe(400);
    const other = await signUpAndVerify(app);
    const body = await multipartBody({}, { name: 'hoot.json', content: v2 });
    const foreign = await app.server.inject({
      method: 'POST',
      url: reimportPaths.upload(apiId),
      payload: body.payload,
      headers: { ...body.headers, ...other.auth },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps what was designed in the product, which no document has', async () => {
    const added = await app.server.inject({
      method: 'POST',
      url: designPaths.endpoints(apiId),
      payload: { methodType: 'GET', apiEndPoint: '/hoot/{id}/replies', apiTag: 'Hoots' },
      headers: auth,
    });
    expect(added.statusCode, added.body).toBe(201);
    const hoot = (await detail()).schemaMasterList.find((s) => s.schemaName === 'Hoot');
    const saved = await app.server.inject({
      method: 'PUT',
      url: apisPaths.schema(apiId, 'Hoot'),
      payload: {
        configProperties: [
          ...(hoot?.configProperties ?? []),
          { jsonKey: 'mood', jsonKeyType: 'string', isMandatory: false },
        ],
      },
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const dry = await reimport(v2, true);
    expect(dry.summary.endpoints.removed).toEqual([]);
    expect(dry.summary.schemas).toEqual({ ...noChange, removed: ['Squawk'] });
    await reimport(v2, false);
    const api = await detail();
    expect(api.apiConfigList.map((e) => `${e.methodType} ${e.apiEndPoint}`)).toContain(
      'GET /hoot/{id}/replies',
    );
    expect(api.apiConfigList.find((e) => e.apiEndPoint === '/hoot/{id}/replies')?.id).toBe(added.json().id);
    const properties = api.schemaMasterList.find((s) => s.schemaName === 'Hoot')?.configProperties;
    expect(properties?.map((p) => p.jsonKey)).toEqual(['post', 'replyto', 'mood']);
    const exported = await app.server.inject({ url: apisPaths.openapi(apiId), headers: auth });
    expect(exported.json().components.schemas.Hoot.properties).toHaveProperty('mood');
    expect(exported.json().paths).toHaveProperty(['/hoot/{id}/replies']);
  });

  it('follows a renamed template parameter: same endpoint, its description kept', async () => {
    const getHoot = await endpointId('GET', '/hoot/{id}');
    // v2 with the path parameter of its /hoot/{id} endpoints renamed
    const renamed = v2
      .replaceAll('/hoot/{id}', '/hoot/{hootId}')
      .replaceAll('"name": "id"', '"name": "hootId"');
    const dry = await reimport(renamed, true);
    expect(dry.summary.endpoints.added).toEqual([]);
    expect(dry.summary.endpoints.changed.map((e) => [e.apiEndPoint, e.parameters])).toEqual([
      ['/hoot/{hootId}', { added: ['path hootId'], removed: ['path id'], changed: [] }],
      ['/hoot/{hootId}/like', { added: ['path hootId'], removed: ['path id'], changed: [] }],
    ]);
    await reimport(renamed, false);
    expect(await endpointId('GET', '/hoot/{hootId}')).toBe(getHoot);
    const kept = await endpoint(getHoot as number);
    expect(kept.parameterConfigList.map((p) => [p.keyName, p.description])).toEqual([
      ['hootId', 'The hoot, by its id (edited)'],
    ]);
  });

  it('refuses a Viewer', async () => {
    const viewer = await joinTeam(app, auth, ROLE_VIEWER);
    const { payload, headers } = await multipartBody({}, { name: 'hoot.json', content: v2 });
    const res = await app.server.inject({
      method: 'POST',
      url: `${reimportPaths.upload(apiId)}?dryRun=true`,
      payload,
      headers: { ...headers, ...viewer.auth },
    });
    expect(res.statusCode).toBe(403);
  });

  it('keeps the schemas added after re-importing a document that names none', async () => {
    const document = (summary: string) =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Toys', version: '1.0' },
        paths: { '/toys': { get: { summary, responses: { '200': { description: 'The toys' } } } } },
      });
    const toys = await importApi(app, auth, document('The toys'), 'toys.json');
    expect(toys.statusCode, toys.body).toBe(201);
    const id: number = toys.json().id;
    const { payload, headers } = await multipartBody({}, { name: 'toys.json', content: document('Toys') });
    const reimported = await app.server.inject({
      method: 'POST',
      url: reimportPaths.upload(id),
      payload,
      headers: { ...headers, ...auth },
    });
    expect(reimported.statusCode, reimported.body).toBe(200);
    const created = await app.server.inject({
      method: 'POST',
      url: designPaths.schemas(id),
      payload: {
        schemaName: 'Toy',
        configProperties: [{ jsonKey: 'label', jsonKeyType: 'string', isMandatory: false }],
      },
      headers: auth,
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await app.server.inject({ url: apisPaths.openapi(id), headers: auth });
    expect(exported.json().components.schemas).toEqual({
      Toy: { type: 'object', properties: { label: { type: 'string' } } },
    });
  });
});
